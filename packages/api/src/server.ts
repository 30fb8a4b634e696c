import { parseCommandLine } from './cli/command-line.js';
import { printBanner } from './composition/banner.js';
import { type RunningService, startService } from './composition/start-service.js';
import { loadDotEnv } from './config/dotenv.js';
import { loadConfig } from './config/load-config.js';

parseCommandLine(
  'start',
  [
    'usage: pnpm start',
    '  (in the Docker image: node --heap-growing-percent=50 dist/server.js)',
    'Runs the shop. It takes no flags: every setting is an environment variable or a line of .env',
    '(.env.example lists them with their defaults; docs/operations.md explains them).',
  ].join('\n'),
  {},
);
loadDotEnv();
const loaded = loadConfig(process.env);
if (!loaded.ok) {
  for (const problem of loaded.problems) console.error(`config: ${problem}`);
  process.exit(1);
}

// Signals are handled from the first moment: one arriving during start-up stops the service as
// soon as it is up, instead of killing the process half-way.
let service: RunningService | null = null;
let stopRequested = false;
const shutDown = async () => {
  if (!service) return;
  const running = service;
  service = null;
  running.app.log.info('shutting down');
  await running.stop();
  process.exit(0);
};
const onSignal = () => {
  stopRequested = true;
  void shutDown();
};
process.once('SIGINT', onSignal);
process.once('SIGTERM', onSignal);

service = await startService(loaded.config).catch((error: unknown) => {
  console.error(`start-up failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
printBanner(service, loaded.config);
if (stopRequested) await shutDown();
