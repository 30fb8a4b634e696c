import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where `pnpm build:web` writes the apps in a checkout: from src/composition and dist/composition alike. */
export const BUILT_WEB_APPS = fileURLToPath(new URL('../../../web/dist', import.meta.url));

export type WebRoot =
  | { readonly ok: true; readonly root: string | null }
  | { readonly ok: false; readonly problem: string };

const holdsApps = (directory: string): boolean => existsSync(join(directory, 'index.html'));

/**
 * The directory the service serves the web apps from: WEB_ROOT, which must hold a build (an
 * operator who names one means it), else the checkout's build when there is one, else none.
 */
export const resolveWebRoot = (configured: string | null, built: string = BUILT_WEB_APPS): WebRoot => {
  if (configured === null) return { ok: true, root: holdsApps(built) ? built : null };
  const root = resolve(configured);
  return holdsApps(root)
    ? { ok: true, root }
    : { ok: false, problem: `WEB_ROOT: ${root} holds no index.html (build the apps with pnpm build:web)` };
};
