import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface GzippedFile {
  /** The file's name under `assets/`. */
  readonly file: string;
  readonly bytes: number;
  /** Gzip at zlib's default level (6), what a server compressing on the fly sends. */
  readonly gzipBytes: number;
}

export interface AppShellFigures {
  /** The entry script and every module it preloads: what the browser loads before the first page renders. */
  readonly initial: readonly GzippedFile[];
  readonly initialGzipBytes: number;
  /** The largest chunk the app loads later (a page, the chart), or null when it has none. */
  readonly largestLazy: GzippedFile | null;
}

/** Each app's HTML entry in the build, relative to `dist/`. */
export const APP_ENTRIES = { admin: 'admin/index.html', storefront: 'index.html' } as const;
export type WebApp = keyof typeof APP_ENTRIES;

const ENTRY_SCRIPT = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g;
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g;
// Chunks name each other as string literals: `./x.js` in imports, `assets/x.js` in Vite's preload map.
const CHUNK_REFERENCE = /[`'"](?:\.\/|\/?assets\/)([\w.-]+\.js)[`'"]/g;

const gzipped = (assetsDir: string, file: string): GzippedFile => {
  const content = readFileSync(join(assetsDir, file));
  return { file, bytes: content.length, gzipBytes: gzipSync(content).length };
};

/** Every chunk reachable from `start` through the chunks' references to each other. */
const reachableChunks = (assetsDir: string, start: readonly string[]): Set<string> => {
  const chunks = new Set(readdirSync(assetsDir).filter((file) => file.endsWith('.js')));
  const reached = new Set<string>();
  const pending = [...start];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (reached.has(file) || !chunks.has(file)) continue;
    reached.add(file);
    for (const [, referenced] of readFileSync(join(assetsDir, file), 'utf8').matchAll(CHUNK_REFERENCE))
      if (referenced !== undefined) pending.push(referenced);
  }
  return reached;
};

/**
 * An app's JavaScript in a Vite build (`distDir`): what its HTML entry (`htmlEntry`, relative to
 * `distDir`) loads up front and, for information, the largest chunk reachable from it that it
 * loads on demand.
 */
export const measureAppShell = (distDir: string, htmlEntry: string): AppShellFigures => {
  const htmlFile = join(distDir, htmlEntry);
  const html = readFileSync(htmlFile, 'utf8');
  const urls = [...html.matchAll(ENTRY_SCRIPT), ...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  const initialFiles = [...new Set(urls.filter((url) => url !== undefined).map((url) => basename(url)))];
  if (initialFiles.length === 0) throw new Error(`no module script in ${htmlFile}`);
  const assetsDir = join(distDir, 'assets');
  const initial = initialFiles.map((file) => gzipped(assetsDir, file));
  const lazy = [...reachableChunks(assetsDir, initialFiles)]
    .filter((file) => !initialFiles.includes(file))
    .map((file) => gzipped(assetsDir, file));
  const largestLazy = lazy.reduce<GzippedFile | null>(
    (largest, chunk) => (largest === null || chunk.gzipBytes > largest.gzipBytes ? chunk : largest),
    null,
  );
  return {
    initial,
    initialGzipBytes: initial.reduce((sum, file) => sum + file.gzipBytes, 0),
    largestLazy,
  };
};
