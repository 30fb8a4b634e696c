import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const sourceRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'src');

const typeScriptFiles = (directory: string): string[] =>
  readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return typeScriptFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });

const RELATIVE_SPECIFIER = /\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** A file's module: its top folder under src, or `use-cases/<folder>` for a use case. */
const moduleOf = (file: string): string => {
  const parts = relative(sourceRoot, file).split(sep);
  if (parts.length === 1) return '.';
  return parts[0] === 'use-cases' && parts.length > 2 ? `use-cases/${parts[1]}` : (parts[0] ?? '.');
};

/**
 * The layers of docs/architecture.md ("The domain"), lowest first: a module imports only from its
 * own layer or the ones below.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['errors'],
  ['shared'],
  ['money'],
  ['orders', 'transactions', 'users', 'products', 'stats', 'reconciliation', 'api-keys', 'webhooks', 'mail'],
  ['ports'],
  ['events'],
];

const layerOf = (module: string): number => {
  if (module === '.') return Number.POSITIVE_INFINITY;
  if (module === 'use-cases' || module.startsWith('use-cases/')) return LAYERS.length;
  const layer = LAYERS.findIndex((modules) => modules.includes(module));
  if (layer === -1) throw new Error(`module ${module} has no layer: add it to LAYERS`);
  return layer;
};

interface ModuleImport {
  readonly file: string;
  readonly from: string;
  readonly to: string;
}

const importsBetweenModules = (sources: ReadonlyMap<string, string>): ModuleImport[] =>
  [...sources].flatMap(([file, source]) =>
    [...source.matchAll(RELATIVE_SPECIFIER)].flatMap((match) => {
      const from = moduleOf(file);
      const to = moduleOf(resolve(dirname(file), match[1] ?? match[2] ?? ''));
      return from === to ? [] : [{ file: relative(sourceRoot, file), from, to }];
    }),
  );

/** Imports that run from a lower layer up to a higher one. */
const upwardImports = (imports: readonly ModuleImport[]): string[] =>
  imports.filter(({ from, to }) => layerOf(to) > layerOf(from)).map(({ file, to }) => `${file} -> ${to}`);

/** Pairs of modules of one layer that import each other, directly or through others of it. */
const cyclesWithinLayers = (imports: readonly ModuleImport[]): string[] => {
  const edges = new Map<string, Set<string>>();
  for (const { from, to } of imports) {
    if (layerOf(from) !== layerOf(to)) continue;
    edges.set(from, (edges.get(from) ?? new Set()).add(to));
  }
  const reaches = (start: string, goal: string): boolean => {
    const seen = new Set<string>();
    const walk = (module: string): boolean => {
      if (module === goal) return true;
      if (seen.has(module)) return false;
      seen.add(module);
      return [...(edges.get(module) ?? [])].some(walk);
    };
    return [...(edges.get(start) ?? [])].some(walk);
  };
  return imports
    .filter(({ from, to }) => layerOf(from) === layerOf(to) && reaches(to, from))
    .map(({ file, to }) => `${file} -> ${to}`);
};

const sourcesUnder = (root: string): Map<string, string> =>
  new Map(typeScriptFiles(root).map((file) => [file, readFileSync(file, 'utf8')]));

describe('domain layering', () => {
  const imports = importsBetweenModules(sourcesUnder(sourceRoot));

  it('sees the imports between modules', () => {
    // The premise: ports and use cases import the models below them.
    expect(imports.filter(({ from }) => from === 'ports').length).toBeGreaterThan(5);
    expect(imports.filter(({ from }) => from.startsWith('use-cases/')).length).toBeGreaterThan(50);
  });

  it('imports only down the layers: models below ports, ports below events, events below use cases', () => {
    expect(upwardImports(imports)).toEqual([]);
  });

  it('has no cycle between the modules of one layer (use-case folders included)', () => {
    expect(cyclesWithinLayers(imports)).toEqual([]);
  });

  it('reports a port importing events, events importing a use case, and two use-case folders importing each other', () => {
    const at = (path: string) => join(sourceRoot, path);
    const sample = new Map([
      [at('ports/order-store.port.ts'), "import type { ShopEvent } from '../events/shop-event.js';"],
      [at('events/event-frames.ts'), "import { x } from '../use-cases/payments/transfer-events.js';"],
      [
        at('use-cases/payments/verify-payment.ts'),
        "import { depositLine } from '../ledger/deposit-line.js';",
      ],
      [at('use-cases/ledger/merchant-ledger.ts'), "import { m } from '../payments/merchant-wallet.js';"],
    ]);
    const sampleImports = importsBetweenModules(sample);
    expect(upwardImports(sampleImports)).toEqual([
      'ports/order-store.port.ts -> events',
      'events/event-frames.ts -> use-cases/payments',
    ]);
    expect(cyclesWithinLayers(sampleImports)).toEqual([
      'use-cases/payments/verify-payment.ts -> use-cases/ledger',
      'use-cases/ledger/merchant-ledger.ts -> use-cases/payments',
    ]);
  });
});
