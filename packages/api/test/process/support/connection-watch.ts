import { readdir, readFile, readlink } from 'node:fs/promises';

/*
 * Which child process talks to a local port, read from Linux's /proc: a process's open sockets
 * are its `socket:[inode]` file descriptors, and /proc/<pid>/net/tcp names each socket's peer.
 * The webhook log does not say which instance made an attempt; a connection to the receiver from
 * a service process does (nothing else in the service connects there).
 */

export const canWatchConnections = process.platform === 'linux';

const readText = (path: string): Promise<string | null> => readFile(path, 'utf8').catch(() => null);

/** The children of this process whose environment holds `DATA_DIR=dataDir`: one store's services. */
export const serviceProcessIds = async (dataDir: string): Promise<number[]> => {
  const found: number[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await readText(`/proc/${name}/stat`);
    // `pid (comm) state ppid ...`: comm may hold spaces and parentheses, so read after the last `)`.
    const ppid = stat ? Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) : Number.NaN;
    if (ppid !== process.pid) continue;
    const environ = await readText(`/proc/${name}/environ`);
    if (environ?.split('\0').includes(`DATA_DIR=${dataDir}`)) found.push(Number(name));
  }
  return found.sort((a, b) => a - b);
};

const socketInodes = async (pid: number): Promise<Set<string>> => {
  const inodes = new Set<string>();
  const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
  await Promise.all(
    fds.map(async (fd) => {
      const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode) inodes.add(inode);
    }),
  );
  return inodes;
};

/** The inodes of the sockets, in this process's network namespace, whose peer is on `port`. */
const socketsToPort = async (pid: number, port: number): Promise<Set<string>> => {
  const inodes = new Set<string>();
  for (const table of ['tcp', 'tcp6']) {
    const text = (await readText(`/proc/${pid}/net/${table}`)) ?? '';
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const remote = fields[2];
      const inode = fields[9];
      if (remote && inode && Number.parseInt(remote.split(':')[1] ?? '', 16) === port) inodes.add(inode);
    }
  }
  return inodes;
};

/** Whether the process holds a TCP connection to `port` right now. */
const connectedTo = async (pid: number, port: number): Promise<boolean> => {
  const [own, toPort] = await Promise.all([socketInodes(pid), socketsToPort(pid, port)]);
  for (const inode of toPort) if (own.has(inode)) return true;
  return false;
};

export interface ConnectionWatch {
  /** The processes seen holding a connection to the port so far. */
  readonly seen: ReadonlySet<number>;
  stop(): Promise<void>;
}

/**
 * Looks every `everyMs` at which of `pids` hold a connection to `port`. The webhook sender keeps
 * its connections alive and a Node receiver closes idle ones only after 5 s, so a connection
 * opened for an attempt is seen long before it goes.
 */
export const watchConnections = (pids: readonly number[], port: number, everyMs = 50): ConnectionWatch => {
  const seen = new Set<number>();
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      for (const pid of pids) if (!seen.has(pid) && (await connectedTo(pid, port))) seen.add(pid);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    seen,
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
};
