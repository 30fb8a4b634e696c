import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const sourceRoot = join(packageRoot, 'src');

const typeScriptFiles = (directory: string): string[] =>
  readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return typeScriptFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });

// Static imports and re-exports (`from '...'`), side-effect imports, dynamic imports and require.
const SPECIFIER =
  /\bfrom\s*['"]([^'"]+)['"]|\bimport\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]|\brequire\s*\(\s*['"]([^'"]+)['"]/g;

const specifiersOf = (source: string): string[] =>
  [...source.matchAll(SPECIFIER)].map((match) => match[1] ?? match[2] ?? match[3] ?? match[4] ?? '');

describe('domain package purity', () => {
  const files = typeScriptFiles(sourceRoot);

  it('finds the source files to check', () => {
    expect(files.length).toBeGreaterThan(10);
    expect(files.map((file) => relative(sourceRoot, file))).toContain('index.ts');
  });

  it('imports only its own files, by relative paths that stay inside src', () => {
    const offenders: string[] = [];
    let checked = 0;
    for (const file of files) {
      for (const specifier of specifiersOf(readFileSync(file, 'utf8'))) {
        checked += 1;
        const relativePath = specifier.startsWith('./') || specifier.startsWith('../');
        const target = resolve(dirname(file), specifier);
        if (!relativePath || !target.startsWith(sourceRoot + sep)) {
          offenders.push(`${relative(packageRoot, file)}: ${specifier}`);
        }
      }
    }
    // The premise: the scan does see the package's many relative imports.
    expect(checked).toBeGreaterThan(20);
    expect(offenders).toEqual([]);
  });

  it('recognises a bare or node: import as outside the package', () => {
    const sample =
      "import { x } from 'lodash';\nimport type { Y } from \"node:fs\";\nexport * from './a.js';";
    expect(specifiersOf(sample)).toEqual(['lodash', 'node:fs', './a.js']);
  });

  it('declares no runtime dependencies in package.json', () => {
    const manifest: unknown = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8'));
    expect(manifest).toBeTypeOf('object');
    const fields = Object.keys(manifest as object);
    expect(fields).not.toContain('dependencies');
    expect(fields).not.toContain('peerDependencies');
    expect(fields).not.toContain('optionalDependencies');
    expect(fields).toContain('devDependencies');
  });
});
