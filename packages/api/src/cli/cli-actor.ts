import { hostname, userInfo } from 'node:os';
import type { EventActor } from '@trx-shop/domain';

/** The account running the process; a container without a passwd entry for its uid has no name. */
const osUser = (): string => {
  try {
    return userInfo().username;
  } catch {
    return `uid ${process.getuid?.() ?? 'unknown'}`;
  }
};

/**
 * Who runs a command, as the audit trail records it: the command's name, and the OS user and
 * host it runs as and on (the nearest a server command has to a person and an address).
 */
export const cliActor = (command: string): EventActor => ({
  kind: 'cli',
  id: null,
  sessionId: null,
  label: command,
  address: `${osUser()}@${hostname()}`,
});
