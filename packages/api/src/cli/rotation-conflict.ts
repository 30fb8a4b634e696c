import { describeHolder, type KeyConflict } from '../composition/key-holders.js';
import type { WalletKeys } from '../config/secrets-file.js';

/**
 * Why `keys:rotate` refuses to begin: one line with a code, naming the process in the way and
 * what the operator does next. Only key ids appear, never a key.
 */
export const rotationConflictProblem = (
  { other, keyId, unableToOpen }: KeyConflict,
  keySource: WalletKeys['walletKeySource'],
): { readonly code: string; readonly message: string } => {
  const unchanged = 'nothing was changed';
  if (other.kind === 'key-rotation') {
    return {
      code: 'ROTATION_RUNNING',
      message: `${describeHolder(other)} re-seals values with key ${other.sealsWith}: let it finish, then run keys:rotate again; ${unchanged}`,
    };
  }
  if (unableToOpen === 'self') {
    return {
      code: 'INSTANCE_RUNNING',
      message: `${describeHolder(other)} seals values with key ${keyId}, which this run was not given: add it to WALLET_ENCRYPTION_PREVIOUS_KEYS here too; ${unchanged}`,
    };
  }
  return {
    code: 'INSTANCE_RUNNING',
    message:
      keySource === 'file'
        ? `${describeHolder(other)} cannot open the new key ${keyId}: stop every instance of the service (Ctrl-C where it runs, docker compose stop, or SIGTERM), run keys:rotate again, then start them; ${unchanged}`
        : `${describeHolder(other)} cannot open key ${keyId}: give every instance that key (WALLET_ENCRYPTION_KEY, the old one in WALLET_ENCRYPTION_PREVIOUS_KEYS) and restart them, then run keys:rotate again (docs/operations.md, "Rotating the master key"); ${unchanged}`,
  };
};
