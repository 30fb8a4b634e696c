import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const repoFile = (path: string) => readFileSync(new URL(`../../../../${path}`, import.meta.url), 'utf8');

/** The Node flags a command gives the service entry, or null when it does not start the service. */
const nodeFlagsOf = (command: readonly string[]): string[] | null => {
  const entry = command.findIndex((part) => part.endsWith('dist/server.js'));
  const node = command.lastIndexOf('node', entry);
  return entry < 0 || node < 0 ? null : command.slice(node + 1, entry);
};

const startScript = (): string[] => {
  const { scripts } = JSON.parse(repoFile('package.json')) as { scripts: { start: string } };
  return scripts.start.split(/\s+/);
};

/** The Dockerfile's last exec-form CMD, the one its image runs. */
const imageCommand = (): string[] => {
  const commands = [...repoFile('Dockerfile').matchAll(/^CMD (\[.*\])$/gm)];
  return JSON.parse(commands.at(-1)?.[1] ?? '[]') as string[];
};

describe('the start command', () => {
  it('runs the service with the heap growth the memory target needs, in pnpm start and in the image alike', () => {
    expect(nodeFlagsOf(startScript())).toEqual(['--heap-growing-percent=50']);
    expect(nodeFlagsOf(imageCommand())).toEqual(nodeFlagsOf(startScript()));
  });

  it('carries only flags this Node accepts', () => {
    const flags = nodeFlagsOf(startScript()) ?? [];
    const run = spawnSync(process.execPath, [...flags, '-e', 'process.stdout.write("started")'], {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('started');
  });
});
