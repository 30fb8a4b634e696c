import { describe, expect, it } from 'vitest';
import type { AdminPageFigures } from '../src/admin-pages.js';
import type { DataSetFigures } from '../src/data-set-section.js';
import { FULL_PLAN, QUICK_PLAN } from '../src/plan.js';
import { webTargets } from '../src/results.js';
import type { WebShellFigures } from '../src/web-section.js';

const shellOf = (initialGzipBytes: number): WebShellFigures => ({
  initial: [{ file: 'admin-Aa1.js', bytes: 3 * initialGzipBytes, gzipBytes: initialGzipBytes }],
  initialGzipBytes,
  largestLazy: null,
});

const targetsFor = (webShell: WebShellFigures, adminPages: AdminPageFigures, plan = FULL_PLAN) =>
  webTargets({ webShell, plan, dataSets: { adminPages } as DataSetFigures });

const timed = (samplesMs: number[], medianMs: number) => ({ samplesMs, medianMs });

describe("the web apps' targets", () => {
  it('holds the shell to 150,000 bytes of gzip and each page to a median of 1 s, naming the data set and the samples', () => {
    const pages = {
      samples: 5,
      dashboardLcp: timed([400, 1000, 1200], 1000),
      ordersInteractive: timed([1001], 1001),
    };
    expect(targetsFor(shellOf(150_000), pages)).toEqual([
      {
        target: "the admin shell's initial JavaScript <= 150 KB gzip (1 KB = 1,000 bytes, gzip level 6)",
        measured: '150.0 KB (1 file)',
        met: true,
      },
      {
        target: 'dashboard LCP <= 1 s at 100000 orders (median of 5, Chromium)',
        measured: '1000 ms (median of 400, 1000, 1200 ms)',
        met: true,
      },
      {
        target: 'orders page interactive <= 1 s at 100000 orders (median of 5)',
        measured: '1001 ms (median of 1001 ms)',
        met: false,
      },
    ]);
    expect(targetsFor(shellOf(150_001), pages)[0]?.met).toBe(false);
  });

  it('reports what was not measured, and why, as a target not met', () => {
    const reason = { notMeasured: 'no /usr/bin/chromium' };
    const targets = targetsFor(
      { notMeasured: 'pnpm --filter @trx-shop/web build exited with 1' },
      { samples: 2, dashboardLcp: reason, ordersInteractive: reason },
      QUICK_PLAN,
    );
    expect(targets.map(({ measured, met }) => ({ measured, met }))).toEqual([
      { measured: 'not measured (pnpm --filter @trx-shop/web build exited with 1)', met: false },
      { measured: 'not measured (no /usr/bin/chromium)', met: false },
      { measured: 'not measured (no /usr/bin/chromium)', met: false },
    ]);
    expect(targets[1]?.target).toBe('dashboard LCP <= 1 s at 1000 orders (median of 2, Chromium)');
  });
});
