import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminShellFigures, measureAdminShell } from '../src/admin-shell-size.js';

/** Random hex does not compress much, so each file's gzip size stands apart from the others'. */
const noise = (chars: number) => randomBytes(chars / 2).toString('hex');

/*
 * A build laid out as Vite lays out packages/web/dist: the admin's HTML names its entry and one
 * module preload; the entry imports a page on demand, which imports the chart on demand; the
 * storefront's entry and a stylesheet sit in the same assets folder.
 */
const FILES = {
  'admin-Aa1.js': `const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/page-Dd4.js","assets/shared-Bb2.js","assets/style-Cc3.css"])))=>i.map(i=>d[i]);import{a}from"./shared-Bb2.js";const p=()=>import(\`./page-Dd4.js\`);${noise(4_000)}`,
  'shared-Bb2.js': `export const a=1;${noise(8_000)}`,
  'page-Dd4.js': `import{a}from"./shared-Bb2.js";const c=()=>import("./chart-Ee5.js");${noise(2_000)}`,
  'chart-Ee5.js': `export default 1;${noise(20_000)}`,
  'storefront-Ff6.js': `import{a}from"./shared-Bb2.js";${noise(60_000)}`,
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

const gzipOf = (file: keyof typeof FILES) => gzipSync(FILES[file]).length;

describe("the admin shell's JavaScript in a build", () => {
  let dist: string;
  let figures: AdminShellFigures;

  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'trx-shop-bench-dist-'));
    mkdirSync(join(dist, 'admin'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'admin', 'index.html'), ADMIN_HTML);
    for (const [file, content] of Object.entries(FILES)) writeFileSync(join(dist, 'assets', file), content);
    figures = measureAdminShell(dist);
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

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

  it('refuses an admin page that names no module script', () => {
    writeFileSync(join(dist, 'admin', 'index.html'), '<!doctype html><title>empty</title>');
    expect(() => measureAdminShell(dist)).toThrow(/no module script/);
  });
});
