export interface RaceWorkerData {
  readonly storeOptions: unknown;
  readonly operation: string;
  readonly jobs: readonly { readonly index: number; readonly input: unknown }[];
  /** Index 0 turns 1 when every worker is ready: the start barrier. */
  readonly gate: Int32Array;
}

export type RaceWorkerMessage =
  | { readonly type: 'ready' }
  | {
      readonly type: 'done';
      readonly results: readonly { readonly index: number; readonly output: unknown }[];
    }
  | { readonly type: 'failed'; readonly error: string };
