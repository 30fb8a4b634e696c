import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ENTRIES, type AppShellFigures, measureAppShell } from '../src/app-shell-size.js';

/** Random hex does not compress much, so each file's gzip size stands apart from the others'. */
const noise = (chars: number) => randomBytes(chars / 2).toString('hex');

/*
 * A build laid out as Vite lays out packages/web/dist: each app's HTML names its entry and one
 * module preload (the chunk both apps share); the admin's entry imports a page on demand, which
 * imports the chart on demand; the storefront's entry imports the catalogue on demand; a
 * stylesheet sits in the same assets folder.
 */
const FILES = {
  'admin-Aa1.js': `const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/page-Dd4.js","assets/shared-Bb2.js","assets/style-Cc3.css"])))=>i.map(i=>d[i]);import{a}from"./shared-Bb2.js";const p=()=>import(\`./page-Dd4.js\`);${noise(4_000)}`,
  'shared-Bb2.js': `export const a=1;${noise(8_000)}`,
  'page-Dd4.js': `import{a}from"./shared-Bb2.js";const c=()=>import("./chart-Ee5.js");${noise(2_000)}`,
  'chart-Ee5.js': `export default 1;${noise(20_000)}`,
  'storefront-Ff6.js': `import{a}from"./shared-Bb2.js";const c=()=>import("./catalogue-Gg7.js");${noise(60_000)}`,
  'catalogue-Gg7.js': `import{a}from"./shared-Bb2.js";${noise(30_000)}`,
  'style-Cc3.css': `body{}/*${noise(40_000)}*/`,
} as const;

const ADMIN_HTML = `<!doctype html>
<html lang="en">
  <head>
    <script type="module" crossorigin src="/assets/admin-Aa1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/shared-Bb2.js">
    <link rel="stylesheet" crossorigin href="/assets/style-Cc3.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

const STOREFRONT_HTML = `<!doctype html>
<html lang="en">
  <head>
    <script type="module" crossorigin src="/assets/storefront-Ff6.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/shared-Bb2.js">
    <link rel="stylesheet" crossorigin href="/assets/style-Cc3.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

const gzipOf = (file: keyof typeof FILES) => gzipSync(FILES[file]).length;

const gzipped = (file: keyof typeof FILES) => ({ file, bytes: FILES[file].length, gzipBytes: gzipOf(file) });

let dist: string;
beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'trx-shop-bench-dist-'));
  mkdirSync(join(dist, 'admin'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, APP_ENTRIES.admin), ADMIN_HTML);
  writeFileSync(join(dist, APP_ENTRIES.storefront), STOREFRONT_HTML);
  for (const [file, content] of Object.entries(FILES)) writeFileSync(join(dist, 'assets', file), content);
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe("the admin shell's JavaScript in a build", () => {
  let figures: AppShellFigures;
  beforeAll(() => {
    figures = measureAppShell(dist, APP_ENTRIES.admin);
  });

  it('counts the entry script and its module preloads, each gzipped at the default level, and nothing loaded later', () => {
    expect(figures.initial).toEqual([
      { file: 'admin-Aa1.js', bytes: FILES['admin-Aa1.js'].length, gzipBytes: gzipOf('admin-Aa1.js') },
      { file: 'shared-Bb2.js', bytes: FILES['shared-Bb2.js'].length, gzipBytes: gzipOf('shared-Bb2.js') },
    ]);
    expect(figures.initialGzipBytes).toBe(gzipOf('admin-Aa1.js') + gzipOf('shared-Bb2.js'));
  });

  it("names the largest chunk the admin loads on demand, found through the pages' imports, not the storefront's", () => {
    expect(figures.largestLazy).toEqual({
      file: 'chart-Ee5.js',
      bytes: FILES['chart-Ee5.js'].length,
      gzipBytes: gzipOf('chart-Ee5.js'),
    });
  });
});

describe("the storefront shell's JavaScript in the same build", () => {
  let figures: AppShellFigures;
  beforeAll(() => {
    figures = measureAppShell(dist, APP_ENTRIES.storefront);
  });

  it('counts the storefront entry and the shared chunk it preloads, not the admin entry', () => {
    expect(figures.initial).toEqual([gzipped('storefront-Ff6.js'), gzipped('shared-Bb2.js')]);
    expect(figures.initialGzipBytes).toBe(gzipOf('storefront-Ff6.js') + gzipOf('shared-Bb2.js'));
  });

  it("names the catalogue as its largest chunk loaded on demand, not the admin's chart", () => {
    expect(figures.largestLazy).toEqual(gzipped('catalogue-Gg7.js'));
  });
});

describe('a build whose HTML names no script', () => {
  it('is refused, naming the HTML entry', () => {
    const empty = mkdtempSync(join(tmpdir(), 'trx-shop-bench-dist-'));
    try {
      mkdirSync(join(empty, 'assets'));
      writeFileSync(join(empty, 'index.html'), '<!doctype html><title>empty</title>');
      expect(() => measureAppShell(empty, 'index.html')).toThrow(
        `no module script in ${join(empty, 'index.html')}`,
      );
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
