import { APP_ENTRIES, type AppShellFigures, measureAppShell, type WebApp } from './app-shell-size.js';
import { type NotMeasured, notMeasured } from './not-measured.js';
import { ensureWebBuild, WEB_DIST } from './web-build.js';

export type AppShellFigure = AppShellFigures | NotMeasured;
export type WebShellFigures = Readonly<Record<WebApp, AppShellFigure>>;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const measured = (app: WebApp): AppShellFigure => {
  try {
    return measureAppShell(WEB_DIST, APP_ENTRIES[app]);
  } catch (error) {
    return notMeasured(messageOf(error));
  }
};

/**
 * Each web app's initial JavaScript in this tree's build of the apps (built first when missing or
 * stale). The pages' timings in Chromium run in the data-set section, against the service holding
 * the main data set, and the payment's in the storefront payment section.
 */
export const runWebSection = (): WebShellFigures => {
  try {
    if (ensureWebBuild()) console.log('  built the web apps (pnpm --filter @trx-shop/web build)');
  } catch (error) {
    const failed = notMeasured(messageOf(error));
    return { admin: failed, storefront: failed };
  }
  return { admin: measured('admin'), storefront: measured('storefront') };
};
