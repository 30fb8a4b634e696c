import { parseArgs } from 'node:util';
import { startDevnet } from './start-devnet.js';

const USAGE = [
  'usage: pnpm devnet',
  'Runs the local TRON devnet (TRON HTTP API and its control API, see packages/tron-devnet/README.md).',
  'It takes no flags: DEVNET_HOST (127.0.0.1), DEVNET_PORT (9090), DEVNET_BLOCK_INTERVAL_MS (1000),',
  'DEVNET_SOLID_DEPTH (3) and DEVNET_STATE_PATH (none: state in memory) set it up.',
].join('\n');

// Strict flags, before anything starts: --help answers the usage, anything else is refused with it.
try {
  const args = process.argv.slice(2);
  const { values } = parseArgs({
    args: args[0] === '--' ? args.slice(1) : args,
    options: { help: { type: 'boolean', short: 'h' } },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
} catch (error) {
  console.error(`devnet: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  process.exit(2);
}

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
