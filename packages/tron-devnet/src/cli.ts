import { startDevnet } from './start-devnet.js';

const integerFromEnv = (name: string): number | undefined => {
  const text = process.env[name];
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer`);
  return value;
};

// Its one start-up line (from the logger) names both APIs and the genesis address.
const devnet = await startDevnet({
  host: process.env.DEVNET_HOST ?? '127.0.0.1',
  port: integerFromEnv('DEVNET_PORT') ?? 9090,
  blockIntervalMs: integerFromEnv('DEVNET_BLOCK_INTERVAL_MS') ?? 1000,
  solidDepth: integerFromEnv('DEVNET_SOLID_DEPTH') ?? 3,
  statePath: process.env.DEVNET_STATE_PATH || null,
  logger: (line) => console.log(line),
});

const shutdown = () => {
  devnet.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
