import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_WEB_APPS, resolveWebRoot } from '../../src/composition/web-root.js';
import { loadConfig } from '../../src/config/load-config.js';

let workDir: string;
let built: string;
let empty: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'trx-shop-web-root-'));
  built = join(workDir, 'built');
  empty = join(workDir, 'empty');
  await mkdir(built);
  await mkdir(empty);
  await writeFile(join(built, 'index.html'), '<!doctype html>');
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

describe('where the web apps are served from', () => {
  it('is WEB_ROOT when set, read by the configuration', () => {
    const loaded = loadConfig({ WEB_ROOT: built });
    expect(loaded.ok && loaded.config.webRoot).toBe(built);
    const unset = loadConfig({});
    expect(unset.ok && unset.config.webRoot).toBeNull();
  });

  it('resolves a relative WEB_ROOT from the working directory', () => {
    expect(resolveWebRoot(relative(process.cwd(), built), empty)).toEqual({ ok: true, root: built });
  });

  it('refuses a WEB_ROOT without index.html, naming the variable', () => {
    const resolved = resolveWebRoot(empty, built);
    expect(resolved.ok).toBe(false);
    expect(!resolved.ok && resolved.problem).toMatch(/^WEB_ROOT: .*empty holds no index\.html/);
  });

  it('is the checkout’s build when WEB_ROOT is unset and a build is there, else none', () => {
    expect(resolveWebRoot(null, built)).toEqual({ ok: true, root: built });
    expect(resolveWebRoot(null, empty)).toEqual({ ok: true, root: null });
  });

  it('looks for the checkout’s build in packages/web/dist', () => {
    expect(relative(join(import.meta.dirname, '..', '..', '..'), BUILT_WEB_APPS)).toBe(join('web', 'dist'));
  });
});
