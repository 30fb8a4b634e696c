import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CliProcess, spawnProgram, spawnScript } from '../support/cli-process.js';

/*
 * Every command of the workspace's package.json scripts (run from source, paths relative to the
 * api package) answers --help with its usage and refuses an unknown flag with it, before it opens
 * a store, starts a service or a devnet, or measures anything.
 */
const COMMANDS = [
  // With an email and a password, admin:create would create an admin if it ignored the unknown flag.
  { script: 'admin:create', path: 'src/cli/admin-create.ts', extraArgs: ['--email', 'flag@shop.test'] },
  { script: 'keys:rotate', path: 'src/cli/keys-rotate.ts', extraArgs: [] },
  { script: 'reconcile', path: 'src/cli/reconcile.ts', extraArgs: ['--all-wallets'] },
  { script: 'start', path: 'src/server.ts', extraArgs: [] },
  { script: 'demo', path: 'scripts/demo.mjs', extraArgs: [] },
  { script: 'bench', path: '../bench/src/cli.ts', extraArgs: ['--quick'] },
  { script: 'bench:profile', path: '../bench/src/profile-cli.ts', extraArgs: ['products'] },
  { script: 'devnet', path: '../tron-devnet/src/cli.ts', extraArgs: [] },
  { script: 'fuzz', path: '../../scripts/fuzz.sh', extraArgs: [] },
] as const;

/** Long enough for any of them to print and exit; a command that starts working instead is killed. */
const GIVE_UP_MS = 30_000;

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'trx-shop-command-line-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const ENV = { ADMIN_PASSWORD: 'a long admin password', DEVNET_PORT: '0', PORT: '0' };

const outcome = async (child: CliProcess) => {
  const timer = setTimeout(() => child.child.kill('SIGKILL'), GIVE_UP_MS);
  const exit = await child.exited;
  clearTimeout(timer);
  return { ...exit, stdout: child.stdout(), stderr: child.stderr() };
};

const run = (path: string, args: readonly string[]) =>
  outcome(
    path.endsWith('.sh')
      ? spawnProgram('bash', [path, ...args], { ...ENV, DATA_DIR: dataDir })
      : spawnScript(path, args, { ...ENV, DATA_DIR: dataDir }),
  );

describe.each(COMMANDS)('pnpm $script', ({ script, path, extraArgs }) => {
  it(
    'answers --help and -h with its usage (exit 0) and an unknown flag with the problem and the usage on stderr (exit 2), leaving DATA_DIR empty',
    async () => {
      const help = await run(path, ['--help']);
      expect(help, help.stderr).toMatchObject({ code: 0, signal: null, stderr: '' });
      expect(help.stdout.startsWith(`usage: pnpm ${script}`)).toBe(true);
      expect(await run(path, ['-h'])).toMatchObject({ code: 0, stdout: help.stdout, stderr: '' });

      const refused = await run(path, [...extraArgs, '--no-such-flag']);
      expect(refused).toMatchObject({ code: 2, signal: null, stdout: '' });
      const [problem, ...usage] = refused.stderr.split('\n');
      // Node's parseArgs says `Unknown option '--no-such-flag'`; the bash script names what it got.
      expect(problem).toMatch(
        new RegExp(`^${script}: (Unknown option '--no-such-flag'|unexpected arguments: --no-such-flag$)`),
      );
      expect(usage.join('\n')).toBe(help.stdout);
      expect(await readdir(dataDir)).toEqual([]);
    },
    3 * GIVE_UP_MS,
  );
});
