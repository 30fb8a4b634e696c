import { loadConfig } from './config/load-config.js';
import { startService } from './composition/start-service.js';
import { printBanner } from './composition/banner.js';

const loaded = loadConfig(process.env);
if (!loaded.ok) {
  for (const problem of loaded.problems) console.error(`config: ${problem}`);
  process.exit(1);
}

const service = await startService(loaded.config).catch((error: unknown) => {
  console.error(`start-up failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
printBanner(service, loaded.config);

let stopping = false;
const shutDown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  service.app.log.info({ signal }, 'shutting down');
  await service.stop();
  process.exit(0);
};
process.once('SIGINT', () => void shutDown('SIGINT'));
process.once('SIGTERM', () => void shutDown('SIGTERM'));
