// @vitest-environment node
import { readFile } from 'node:fs/promises';
import { type components, unwrap } from '@trx-shop/client';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './support/accounts.js';
import { signIn } from './support/admin-pages.js';
import { type Browsing, NARROW, openBrowser } from './support/browser.js';
import { browserTestsRun } from './support/chromium.js';
import type { ShopClient } from './support/customers.js';
import { trxText } from './support/money.js';
import { expectPageQuality } from './support/page-checks.js';
import { seedOrders } from './support/seed.js';
import { type RunningShop, startShop } from './support/shop.js';

type LedgerMovement = components['schemas']['LedgerMovement'];

/** How long a page may take to show what the API answers: the machine is shared. */
const SHOWN_WITHIN = { timeout: 20_000, interval: 100 } as const;

/** The cells of a CSV as the export writes it (every cell double-quoted, `""` inside, CRLF line ends). */
const parseCsv = (text: string): string[][] =>
  text
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) =>
      [...line.matchAll(/"((?:[^"]|"")*)"(?:,|$)/g)].map((match) => (match[1] ?? '').replaceAll('""', '"')),
    );

/** The transaction hashes the movements table lists, top to bottom (each row's whole hash is in its accessible text). */
const listedHashes = (page: Page) =>
  page
    .getByRole('table', { name: 'Movements' })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => row.querySelector('.ledger-hash-full')?.textContent ?? ''));

const day = (offsetDays: number): string =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe.skipIf(!browserTestsRun())(
  'the admin ledger and reconciliation pages against a real shop',
  { timeout: 150_000 },
  () => {
    let shop: RunningShop;
    let browsing: Browsing;
    let admin: ShopClient;

    beforeAll(async () => {
      shop = await startShop();
      browsing = await openBrowser(shop.url);
      // Two paid orders and a partial refund: purchases in, a refund out, on the devnet.
      await seedOrders(shop);
      admin = await signedInClient(shop, shop.admin);
    }, 180_000);
    afterEach(() => browsing?.endTest());
    afterAll(async () => {
      await browsing?.close();
      await shop?.stop();
    }, 60_000);

    it('filters the ledger by type and days: the table shows exactly the API’s movements, and the downloaded CSV has the same rows', async () => {
      // The page's zone is UTC, so these days are the instants the API is asked for below.
      const fromDay = day(-1);
      const toDay = day(0);
      const query = {
        type: 'purchase' as const,
        from: `${fromDay}T00:00:00.000Z`,
        to: `${day(1)}T00:00:00.000Z`,
      };
      const expected = await unwrap(
        admin.GET('/api/admin/ledger', { params: { query: { ...query, limit: 100 } } }),
      );
      expect(expected.movements.length).toBeGreaterThanOrEqual(2);
      expect(expected.pagination.total).toBe(expected.movements.length);
      const everything = await unwrap(admin.GET('/api/admin/ledger', { params: { query: { limit: 100 } } }));
      // The filter leaves something out (the refund), so the table shows the filter's rows, not all.
      expect(everything.movements.some((movement) => movement.type === 'refund')).toBe(true);

      const page = await browsing.newPage();
      await signIn(page, shop.admin, '/admin/ledger');
      await page.getByRole('heading', { name: 'Ledger', level: 1 }).waitFor();
      await expect
        .poll(() => listedHashes(page), SHOWN_WITHIN)
        .toEqual(everything.movements.map((movement) => movement.transactionHash));
      await expectPageQuality(page);

      await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Purchase' });
      await page.getByLabel('From', { exact: true }).fill(fromDay);
      await page.getByLabel('To', { exact: true }).fill(toDay);
      await expect
        .poll(() => listedHashes(page), SHOWN_WITHIN)
        .toEqual(expected.movements.map((movement) => movement.transactionHash));
      expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
        type: 'purchase',
        from: fromDay,
        to: toDay,
      });
      const rows = page.getByRole('table', { name: 'Movements' }).locator('tbody tr');
      for (const [index, movement] of expected.movements.entries()) {
        const row = rows.nth(index);
        expect(await row.getByRole('cell').nth(1).textContent()).toBe('Purchase');
        // By column: the first purchase's balance after it equals its amount on a new shop.
        const cells = row.getByRole('cell');
        expect(await cells.nth(4).textContent()).toContain(trxText(movement.amount));
        if (movement.balanceAfter !== null) {
          expect(await cells.nth(5).textContent()).toBe(trxText(movement.balanceAfter));
        }
        expect(await row.getByRole('link', { name: 'View order' }).getAttribute('href')).toBe(
          `/admin/orders/${movement.orderId}`,
        );
      }
      const totalIn = page
        .getByRole('definition')
        .filter({ hasText: new RegExp(`^${trxText(expected.totals.in)}$`) });
      expect(await totalIn.count()).toBeGreaterThanOrEqual(1);
      await expectPageQuality(page);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download CSV' }).click(),
      ]);
      const file = await download.path();
      const [header, ...lines] = parseCsv(await readFile(file, 'utf8'));
      if (!header) throw new Error('the CSV is empty');
      const cell = (line: string[], name: string) => line[header.indexOf(name)];
      const csvRows = lines.map((line) => ({
        id: cell(line, 'id'),
        type: cell(line, 'type'),
        amount: Number(cell(line, 'amount')),
        balanceAfter: cell(line, 'balanceAfter') === '' ? null : Number(cell(line, 'balanceAfter')),
        transactionHash: cell(line, 'transactionHash'),
      }));
      const apiRows = (movements: readonly LedgerMovement[]) =>
        movements.map(({ _id, type, amount, balanceAfter, transactionHash }) => ({
          id: _id,
          type,
          amount,
          balanceAfter,
          transactionHash,
        }));
      // The CSV is oldest first, the list newest first: the same rows either way.
      const byId = (a: { id?: string }, b: { id?: string }) => String(a.id).localeCompare(String(b.id));
      expect(csvRows.sort(byId)).toEqual(apiRows(expected.movements).sort(byId));
    });

    it('at 360 px: the ledger fits; runs a reconciliation from the page and sees that nothing was found, as the API keeps it', async () => {
      const page = await browsing.newPage({ viewport: NARROW });
      await signIn(page, shop.admin, '/admin/ledger');
      // The ledger's wide table scrolls in its own box; the page itself stays 360 px wide.
      await page.getByRole('table', { name: 'Movements' }).getByRole('link').first().waitFor();
      await expectPageQuality(page);
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Reconciliation' })
        .click();
      await page.getByRole('heading', { name: 'Reconciliation', level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'Latest report' }).waitFor();
      await expectPageQuality(page);

      await page.getByLabel(/Check every wallet's balance/).check();
      await page.getByRole('button', { name: 'Run reconciliation' }).click();
      await page.getByText('Nothing found: the ledger matches the chain.').waitFor({ timeout: 60_000 });
      expect(await page.getByRole('button', { name: 'Run reconciliation' }).isEnabled()).toBe(true);

      const { report } = await unwrap(admin.GET('/api/admin/reconciliation'));
      expect(report).toMatchObject({ ok: true, allWallets: true });
      expect(report.walletsChecked).toBeGreaterThan(0);
      const shown = page.getByRole('region', { name: 'Latest report' });
      const fact = (name: string) =>
        shown.getByText(name, { exact: true }).locator('xpath=following-sibling::dd');
      expect(await fact('Transfers checked').textContent()).toBe(
        report.transfersChecked.toLocaleString('en-US'),
      );
      expect(await fact('Ledger lines checked').textContent()).toBe(
        report.linesChecked.toLocaleString('en-US'),
      );

      // The run heads the history, as the API lists it.
      const { runs } = await unwrap(admin.GET('/api/admin/reconciliation/runs'));
      expect(runs[0]?.id).toBe(report.id);
      const newest = page.getByRole('table', { name: 'Runs' }).locator('tbody tr').first();
      await newest.getByText('Nothing found', { exact: true }).waitFor();
      await expectPageQuality(page);
    });
  },
);
