// `pnpm screenshots`: pictures of each admin page for docs/screenshots/ (the README shows them),
// taken in Chromium against a fresh embedded instance seeded with a customer's orders. The apps
// are built first by the root script; the instance and its data are gone at the end.
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { fillSignIn, mainNavigation, signInHeading } from '../test/e2e/support/admin-pages.js';
import { type Browsing, NARROW, openBrowser } from '../test/e2e/support/browser.js';
import { CHROMIUM_INSTALL, CHROMIUM_PATH, hasChromium } from '../test/e2e/support/chromium.js';
import { seedOrders } from '../test/e2e/support/seed.js';
import { type RunningShop, startShop } from '../test/e2e/support/shop.js';

const OUT_DIR = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));

/** A page once its heading shows and its requests have settled (charts and lists drawn). */
const settled = async (page: Page, heading: RegExp): Promise<void> => {
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
};

const shoot = async (page: Page, name: string): Promise<void> => {
  await page.screenshot({ path: `${OUT_DIR}${name}`, fullPage: true, animations: 'disabled' });
  console.log(`screenshots: docs/screenshots/${name}`);
};

const signedIn = async (browsing: Browsing, shop: RunningShop, viewport?: typeof NARROW): Promise<Page> => {
  const page = await browsing.newPage(viewport ? { viewport } : {});
  await page.goto('/admin/');
  await signInHeading(page).waitFor();
  await fillSignIn(page, shop.admin);
  await mainNavigation(page).waitFor();
  return page;
};

const main = async (): Promise<void> => {
  if (!hasChromium) throw new Error(`${CHROMIUM_PATH} is missing: install it with \`${CHROMIUM_INSTALL}\``);
  await mkdir(OUT_DIR, { recursive: true });
  const shop = await startShop();
  let browsing: Browsing | null = null;
  try {
    console.log(`screenshots: seeding orders on ${shop.apiUrl}`);
    const orders = await seedOrders(shop);
    browsing = await openBrowser(shop.url);

    const signIn = await browsing.newPage();
    await signIn.goto('/admin/');
    await signInHeading(signIn).waitFor();
    await shoot(signIn, 'admin-sign-in.png');

    const page = await signedIn(browsing, shop);
    await settled(page, /^Dashboard$/);
    await shoot(page, 'admin-dashboard.png');
    await page.goto('/admin/orders');
    await settled(page, /^Orders$/);
    await shoot(page, 'admin-orders.png');
    await page.goto(`/admin/orders/${orders.partlyRefunded._id}`);
    await settled(page, /^Order\b/);
    await shoot(page, 'admin-order.png');

    const narrow = await signedIn(browsing, shop, NARROW);
    await settled(narrow, /^Dashboard$/);
    await shoot(narrow, 'admin-dashboard-360.png');
    // A page that logged an error is pictured broken: fail so nobody commits it unseen.
    await browsing.endTest();
  } finally {
    await browsing?.close();
    await shop.stop();
  }
};

try {
  await main();
} catch (error) {
  console.error(`screenshots failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
