import type { AppConfig } from '../config/config.js';
import type { RunningService } from './start-service.js';

/** What a person starting the shop needs to know, once, on stdout. */
export const printBanner = (service: RunningService, config: AppConfig): void => {
  const wsUrl = service.url.replace(/^http/, 'ws');
  const lines = [
    '',
    'TRX Shop is running',
    `  API        ${service.url}/api`,
    `  API docs   ${service.url}/api/docs`,
    `  WebSocket  ${wsUrl}/api/ws`,
    `  Store      ${config.store.kind === 'mongodb' ? 'MongoDB' : `SQLite in ${config.dataDir}`}`,
    `  Chain      ${service.chain.description}`,
  ];
  if (service.chain.devnet) lines.push(`  Devnet     ${service.chain.devnet.url}`);
  if (service.bootstrap.admin) lines.push(`  Admin      ${service.bootstrap.admin.email}`);
  else lines.push('  Admin      none yet: set ADMIN_EMAIL and ADMIN_PASSWORD, or run pnpm admin:create');
  if (service.bootstrap.generatedCredentials) {
    lines.push(
      `  Admin password (shown once, change it): ${service.bootstrap.generatedCredentials.password}`,
    );
  }
  if (service.demoProductsCreated > 0)
    lines.push(`  Demo       ${service.demoProductsCreated} products added`);
  console.log(lines.join('\n'));
};
