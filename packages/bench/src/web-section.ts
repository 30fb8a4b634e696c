import { type AdminShellFigures, measureAdminShell } from './admin-shell-size.js';
import { type NotMeasured, notMeasured } from './not-measured.js';
import { ensureWebBuild, WEB_DIST } from './web-build.js';

export type WebShellFigures = AdminShellFigures | NotMeasured;

/**
 * The admin shell's initial JavaScript in this tree's build of the web apps (built first when
 * missing or stale). The pages' timings in Chromium run in the data-set section, against the
 * service holding the main data set.
 */
export const runWebSection = (): WebShellFigures => {
  try {
    if (ensureWebBuild()) console.log('  built the web apps (pnpm --filter @trx-shop/web build)');
    return measureAdminShell(WEB_DIST);
  } catch (error) {
    return notMeasured(error instanceof Error ? error.message : String(error));
  }
};
