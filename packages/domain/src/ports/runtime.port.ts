export interface Clock {
  now(): Date;
}

export interface IdGenerator {
  /** A 24-hex-character object id, increasing with time like MongoDB's. */
  newId(): string;
}

export interface ScheduledTask {
  /** Stops scheduling; resolves once a run in progress has finished. */
  stop(): Promise<void>;
}

/** Runs `task` now and then every `intervalMs`; runs never overlap. */
export interface Scheduler {
  every(intervalMs: number, task: () => Promise<void>): ScheduledTask;
}

export interface Logger {
  debug(context: Record<string, unknown>, message: string): void;
  info(context: Record<string, unknown>, message: string): void;
  warn(context: Record<string, unknown>, message: string): void;
  error(context: Record<string, unknown>, message: string): void;
}
