import type { Logger } from '@trx-shop/domain';

type Level = keyof Logger;

export interface DeferredLogger {
  readonly logger: Logger;
  /** From now on lines go to `target`; the ones written before are passed on first, in order. */
  attach(target: Logger): void;
}

/** A Logger for work that starts before the logger it should write to exists. */
export const deferredLogger = (): DeferredLogger => {
  let target: Logger | null = null;
  const held: [Level, Record<string, unknown>, string][] = [];
  const write =
    (level: Level) =>
    (context: Record<string, unknown>, message: string): void => {
      if (target) target[level](context, message);
      else held.push([level, context, message]);
    };
  return {
    logger: { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') },
    attach: (logger) => {
      target = logger;
      for (const [level, context, message] of held.splice(0)) logger[level](context, message);
    },
  };
};
