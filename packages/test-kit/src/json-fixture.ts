import { readFileSync } from 'node:fs';

/**
 * A reply kept verbatim from the page that documents it: `//` lines (the citation) and `/* *\/`
 * comments (the page's own elisions) are dropped before parsing.
 */
export const loadJsonFixture = (file: URL): unknown => {
  const text = readFileSync(file, 'utf8');
  return JSON.parse(text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, ''));
};

/** The java-tron replies recorded from the TRON documentation, kept in the devnet's tests. */
export const javaTronFixture = (name: string): unknown =>
  loadJsonFixture(new URL(`../../tron-devnet/test/fixtures/${name}`, import.meta.url));
