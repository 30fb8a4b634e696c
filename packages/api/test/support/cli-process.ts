import { childEnv } from '@trx-shop/test-kit';
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { hostname, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface CliProcess {
  readonly child: ChildProcessWithoutNullStreams;
  readonly stdout: () => string;
  readonly stderr: () => string;
  /** Resolves once standard output contains `text`; rejects if the process ends first. */
  readonly printed: (text: string) => Promise<void>;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** One of the package's CLIs from source, as `pnpm <script>` would run it, in a real child process. */
export const spawnCli = (
  script: string,
  args: readonly string[],
  env: Record<string, string>,
  stdin = '',
): CliProcess => spawnScript(`src/cli/${script}.ts`, args, env, stdin);

/** A TypeScript file of the api package (path relative to it) run from source in a child process. */
export const spawnScript = (
  path: string,
  args: readonly string[],
  env: Record<string, string>,
  stdin = '',
): CliProcess =>
  spawnProgram(
    process.execPath,
    ['--conditions=@trx-shop/source', '--import', 'tsx', path, ...args],
    env,
    stdin,
  );

/** Any program (`bash`, say) with only the given environment, from the api package's directory. */
export const spawnProgram = (
  program: string,
  args: readonly string[],
  env: Record<string, string>,
  stdin = '',
): CliProcess => {
  const child = spawn(program, [...args], {
    cwd: apiDir,
    env: childEnv({ ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1', ...env }),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.end(stdin);
  let stdout = '';
  let stderr = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
    for (const waiter of waiters.filter((candidate) => stdout.includes(candidate.text))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal }));
  });
  const printed = (text: string) =>
    stdout.includes(text)
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          waiters.push({ text, resolve });
          void exited.then(() =>
            reject(new Error(`exited before printing "${text}"; stdout: ${stdout}; stderr: ${stderr}`)),
          );
        });
  return { child, stdout: () => stdout, stderr: () => stderr, printed, exited };
};

/** Runs a CLI to its end and answers its exit code and output. */
export const runCli = async (
  script: string,
  args: readonly string[],
  env: Record<string, string>,
  stdin = '',
): Promise<{ code: number | null; stdout: string; stderr: string }> => {
  const run = spawnCli(script, args, env, stdin);
  const { code } = await run.exited;
  return { code, stdout: run.stdout(), stderr: run.stderr() };
};

/**
 * The actor the audit trail records for a command run by these tests: the child runs as the
 * same OS user on the same host as the test itself.
 */
export const commandActor = (command: string) => ({
  kind: 'cli' as const,
  id: null,
  sessionId: null,
  label: command,
  address: `${userInfo().username}@${hostname()}`,
});
