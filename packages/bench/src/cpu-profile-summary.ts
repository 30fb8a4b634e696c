import { readFileSync } from 'node:fs';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly hitCount?: number;
}

interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly startTime: number;
  readonly endTime: number;
  readonly samples: readonly number[];
}

export interface ProfileShare {
  readonly name: string;
  readonly share: number;
}

/** Where a frame's code lives: a workspace package, an npm package, Node itself or V8. */
export const ownerOf = (url: string, functionName: string): string => {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  const npm = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (npm) return npm[1] as string;
  const workspace = /packages\/([^/]+)\//.exec(url);
  if (workspace) return `@trx-shop/${workspace[1]}`;
  if (url.startsWith('node:')) return 'node';
  return url;
};

const shares = (counts: Map<string, number>, total: number, top: number): ProfileShare[] =>
  [...counts.entries()]
    .map(([name, hits]) => ({ name, share: hits / total }))
    .sort((a, b) => b.share - a.share)
    .slice(0, top);

/** Self time by owner and by function, as shares of all samples (idle included, named `(idle)`). */
export const summariseCpuProfile = (file: string, top = 15) => {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const hitsByNode = new Map<number, number>();
  for (const sample of profile.samples) hitsByNode.set(sample, (hitsByNode.get(sample) ?? 0) + 1);
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const hits = hitsByNode.get(node.id) ?? 0;
    if (hits === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const owner = ownerOf(url, functionName);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + hits);
    const name = `${functionName || '(anonymous)'} ${owner}${url ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + hits);
  }
  const total = profile.samples.length;
  return { byOwner: shares(byOwner, total, top), byFunction: shares(byFunction, total, top), samples: total };
};
