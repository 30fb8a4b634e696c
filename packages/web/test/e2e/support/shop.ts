import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import {
  ADMIN,
  makeDataDir,
  removeDataDir,
  type ServiceProcess,
  startServiceProcess,
} from '@trx-shop/test-kit';

/** packages/web/dist, built once per run by build-apps.ts (the web project's global setup). */
export const WEB_ROOT = fileURLToPath(new URL('../../../dist', import.meta.url));

/** The listener's interval: a payment or refund on the devnet is seen within a few hundred ms. */
export const LISTENER_INTERVAL_MS = 300;

export interface RunningShop {
  /** Where the browser goes: the origin serving the apps and the API together. */
  readonly url: string;
  /** The service itself, for setup over HTTP (`${apiUrl}/api/...`). */
  readonly apiUrl: string;
  readonly devnetUrl: string;
  /** The bootstrap admin (ADMIN_EMAIL / ADMIN_PASSWORD). */
  readonly admin: { readonly email: string; readonly password: string };
  readonly dataDir: string;
  readonly service: ServiceProcess;
  stop(): Promise<void>;
}

/** The service answers the admin app's HTML itself (it serves the built apps from WEB_ROOT). */
const servesApps = async (apiUrl: string): Promise<boolean> => {
  const answer = await fetch(`${apiUrl}/admin/`);
  await answer.arrayBuffer();
  return answer.ok && (answer.headers.get('content-type') ?? '').startsWith('text/html');
};

/**
 * A real embedded instance (SQLite in a temporary directory, the in-process devnet, demo
 * products) in a child process, serving the built apps, with a known admin.
 */
export const startShop = async (
  options: { readonly env?: Readonly<Record<string, string>> } = {},
): Promise<RunningShop> => {
  if (!existsSync(join(WEB_ROOT, 'admin', 'index.html'))) {
    throw new Error(`no built apps in ${WEB_ROOT}: run \`pnpm build:web\``);
  }
  const dataDir = await makeDataDir();
  let service: ServiceProcess;
  try {
    service = await startServiceProcess(dataDir, {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LISTENER_INTERVAL_MS: String(LISTENER_INTERVAL_MS),
      WEB_ROOT,
      LOG_LEVEL: 'warn',
      ...options.env,
    });
  } catch (error) {
    await removeDataDir(dataDir);
    throw error;
  }
  if (!(await servesApps(service.apiUrl))) {
    await service.stop();
    await removeDataDir(dataDir);
    throw new Error(`the service does not serve the admin app at /admin/ from ${WEB_ROOT}`);
  }
  return {
    url: service.apiUrl,
    apiUrl: service.apiUrl,
    devnetUrl: service.devnetUrl,
    admin: { email: ADMIN.email, password: ADMIN.password },
    dataDir,
    service,
    stop: async () => {
      await service.stop();
      await removeDataDir(dataDir);
    },
  };
};
