import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const MONGO_JAVA_SERVER_VERSION = '1.47.0';
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 5_000;

const here = dirname(fileURLToPath(import.meta.url));
// From src/ (sources) or dist/ (built): the launcher sits beside both, the repository two above.
const launcherSource = join(here, '..', 'mongo-java-server', 'Launcher.java');
const repositoryRoot = resolve(here, '..', '..', '..');
const cacheDir = join(repositoryRoot, '.cache', 'mongo-java-server', MONGO_JAVA_SERVER_VERSION);
const jarsDir = join(cacheDir, 'jars');

/** A throw-away project whose only purpose is to let Maven resolve the server and its runtime deps. */
const fetchPom = `<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>trx-shop.local</groupId>
  <artifactId>mongo-java-server-fetch</artifactId>
  <version>1</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency>
      <groupId>de.bwaldvogel</groupId>
      <artifactId>mongo-java-server-memory-backend</artifactId>
      <version>${MONGO_JAVA_SERVER_VERSION}</version>
    </dependency>
  </dependencies>
</project>
`;

const run = async (command: string, args: readonly string[], cwd: string): Promise<void> => {
  const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${code}: ${output.slice(-2000)}`);
};

/** Fetches the jars once into the repository's cache (git-ignored); later runs reuse them. */
const ensureJars = async (): Promise<void> => {
  if (existsSync(jarsDir)) return;
  await mkdir(cacheDir, { recursive: true });
  // A private staging directory, renamed into place at the end: a concurrent or interrupted
  // fetch never leaves a half-filled jars directory behind.
  const staging = join(cacheDir, `staging-${process.pid}`);
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  try {
    await writeFile(join(staging, 'pom.xml'), fetchPom);
    await run(
      'mvn',
      [
        '-q',
        '-B',
        'dependency:copy-dependencies',
        '-DincludeScope=runtime',
        `-DoutputDirectory=${join(staging, 'jars')}`,
      ],
      staging,
    );
    if (!existsSync(jarsDir)) await rename(join(staging, 'jars'), jarsDir);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
};

const waitForListeningLine = (server: ChildProcess): Promise<string> =>
  new Promise((resolvePort, reject) => {
    if (!server.stdout) throw new Error('the launcher has no stdout');
    const lines = createInterface({ input: server.stdout });
    let stderr = '';
    server.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const timer = setTimeout(() => {
      reject(
        new Error(`mongo-java-server did not start within ${START_TIMEOUT_MS} ms: ${stderr.slice(-2000)}`),
      );
    }, START_TIMEOUT_MS);
    lines.on('line', (line) => {
      const match = /^LISTENING (.+)$/.exec(line);
      if (!match?.[1]) return;
      clearTimeout(timer);
      resolvePort(match[1]);
    });
    server.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`mongo-java-server exited with ${code}: ${stderr.slice(-2000)}`));
    });
  });

const stopServer = async (server: ChildProcess): Promise<void> => {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = once(server, 'exit');
  // Closing stdin is the launcher's shutdown signal; the kill is only the fallback.
  server.stdin?.end();
  const timer = setTimeout(() => server.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
};

/** Fetches (first time only) and starts mongo-java-server on a free local port. */
export const startMongoJavaServer = async (): Promise<{ uri: string; stop: () => Promise<void> }> => {
  await ensureJars();
  const server = spawn('java', ['-cp', join(jarsDir, '*'), launcherSource, '0'], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  try {
    const address = await waitForListeningLine(server);
    return { uri: `mongodb://${address}/?directConnection=true`, stop: () => stopServer(server) };
  } catch (error) {
    await stopServer(server);
    throw error;
  }
};
