import { hostname } from 'node:os';
import { appendEvent, isDomainError, recordEvents } from '@trx-shop/domain';
import { createIntervalScheduler } from '../adapters/interval-scheduler.js';
import { createObjectIdGenerator } from '../adapters/object-id-generator.js';
import { systemClock } from '../adapters/system-clock.js';
import { checkSealedKeys } from '../composition/check-sealed-keys.js';
import { heldKeysOf, joinKeyHolders, type KeyHolderMembership } from '../composition/key-holders.js';
import { keyIdOf, keyVaultFromSecrets } from '../composition/key-vault-from-secrets.js';
import { cliActor } from './cli-actor.js';
import { openCliContext } from './cli-context.js';
import { parseCommandLine } from './command-line.js';
import { embeddedRotationKeys, type RotationKeys } from './embedded-key-rotation.js';
import {
  type AfterEachWrite,
  type RotationReport,
  rotateTwoFactorSecrets,
  rotateWalletKeys,
} from './reseal-user-secrets.js';
import { resealWebhookSecrets } from './reseal-webhook-secrets.js';
import { rotationConflictProblem } from './rotation-conflict.js';

/**
 * `pnpm keys:rotate`: re-seals every wallet key, TOTP secret and webhook signing secret under the
 * current master key.
 * With WALLET_ENCRYPTION_KEY set, that key is the new one and WALLET_ENCRYPTION_PREVIOUS_KEYS
 * holds the old ones; with DATA_DIR/secrets.json as the key source, the command makes the new key
 * and writes it there itself. It refuses to begin while a running instance cannot open the key it
 * would seal with (docs/operations.md, "Rotating the master key"). Safe to kill and re-run; says
 * "nothing left to rotate" once done. An error is one line with its code, never a stack.
 */
const line = (what: string, report: RotationReport) =>
  `keys:rotate: ${what}: ${report.rotated} re-sealed, ${report.alreadyCurrent} already current, ${report.changedMeanwhile} changed meanwhile`;

class RotationRefused extends Error {
  constructor(
    message: string,
    readonly code = 'KEY_DECRYPTION_FAILED',
  ) {
    super(message);
  }
}

/**
 * KEYS_ROTATE_PAUSE_AFTER=n stops the run after n writes and waits to be killed: the crash test
 * uses it to kill a real process between two records. Unset, nothing waits.
 */
const pauseForCrashTest = (): AfterEachWrite => {
  const limit = Number(process.env.KEYS_ROTATE_PAUSE_AFTER ?? '0');
  if (!Number.isInteger(limit) || limit <= 0) return async () => {};
  let writes = 0;
  return async () => {
    writes += 1;
    if (writes < limit) return;
    console.log(`keys:rotate: paused after ${writes} writes`);
    await new Promise(() => setInterval(() => {}, 60_000));
  };
};

const USAGE = [
  'usage: pnpm keys:rotate',
  '  (in the Docker image: node dist/cli/keys-rotate.js)',
  'Re-seals every wallet key, TOTP secret and webhook signing secret under the current master key:',
  'WALLET_ENCRYPTION_KEY (the old keys in WALLET_ENCRYPTION_PREVIOUS_KEYS), or, without it, a new key',
  'it writes into DATA_DIR/secrets.json. Refuses while a running instance cannot open that key.',
  'Safe to kill and run again. Steps: docs/operations.md, "Rotating the master key".',
].join('\n');

parseCommandLine('keys:rotate', USAGE, {});
const { config, secrets, store } = await openCliContext({ chain: false });
let membership: KeyHolderMembership | null = null;
try {
  const before = keyVaultFromSecrets(secrets.walletKey, secrets.previousWalletKeys);
  const problem = await checkSealedKeys(store, before, {
    current: secrets.walletKey,
    previous: secrets.previousWalletKeys,
  });
  if (problem !== null) throw new RotationRefused(problem);

  const keys: RotationKeys =
    secrets.walletKeySource === 'file'
      ? await embeddedRotationKeys(config.dataDir, secrets, store)
      : {
          walletKey: secrets.walletKey,
          previousWalletKeys: secrets.previousWalletKeys,
          began: false,
          commit: async () => {},
        };
  // Listed among the store's key holders before anything is written: a running instance that
  // cannot open the key this run seals with refuses the run, and one starting meanwhile refuses to start.
  const joined = await joinKeyHolders(
    {
      store,
      clock: systemClock,
      scheduler: createIntervalScheduler((error) =>
        console.error(`keys:rotate: renewing this run among the key holders failed: ${String(error)}`),
      ),
    },
    {
      id: `keys:rotate:${hostname()}:${process.pid}:${createObjectIdGenerator().newId()}`,
      kind: 'key-rotation',
      ...heldKeysOf(keys.walletKey, keys.previousWalletKeys),
    },
  );
  if (!joined.ok) {
    const refusal = rotationConflictProblem(joined.conflict, secrets.walletKeySource);
    throw new RotationRefused(refusal.message, refusal.code);
  }
  membership = joined.membership;
  await keys.commit();
  if (secrets.walletKeySource === 'file') {
    console.log(
      keys.began
        ? `keys:rotate: new key ${keyIdOf(keys.walletKey)} written to ${config.dataDir}/secrets.json; the replaced key stays there as a previous key`
        : `keys:rotate: finishing the rotation to key ${keyIdOf(keys.walletKey)} from ${config.dataDir}/secrets.json`,
    );
  }
  const vault = keyVaultFromSecrets(keys.walletKey, keys.previousWalletKeys);
  const afterEachWrite = pauseForCrashTest();
  const wallets = await rotateWalletKeys(store.users, vault, afterEachWrite);
  console.log(line('wallet keys', wallets));
  const totp = await rotateTwoFactorSecrets(store.users, vault, afterEachWrite);
  console.log(line('TOTP secrets', totp));
  const webhookSecrets = await resealWebhookSecrets(store.webhooks, vault, afterEachWrite);
  console.log(line("webhook endpoints' secrets", webhookSecrets));
  const changedMeanwhile = wallets.changedMeanwhile + totp.changedMeanwhile + webhookSecrets.changedMeanwhile;
  // The audit trail: who rotated is whoever ran the command on the server.
  await appendEvent(
    { store, clock: systemClock },
    recordEvents(createObjectIdGenerator(), systemClock.now(), cliActor('keys:rotate')).keysRotated({
      keyId: keyIdOf(keys.walletKey),
      walletKeysResealed: wallets.rotated,
      twoFactorSecretsResealed: totp.rotated,
      webhookEndpointsResealed: webhookSecrets.rotated,
      changedMeanwhile,
    }),
  );
  console.log(
    changedMeanwhile > 0 ? 'keys:rotate: run again to finish' : 'keys:rotate: nothing left to rotate',
  );
} catch (error) {
  const code = isDomainError(error) || error instanceof RotationRefused ? error.code : 'INTERNAL_ERROR';
  const message = error instanceof Error ? error.message : String(error);
  console.error(`keys:rotate: ${code}: ${message}`);
  process.exitCode = 1;
} finally {
  try {
    await membership?.leave();
  } finally {
    await store.close();
  }
}
