import { keyVaultFromSecrets } from '../composition/key-vault-from-secrets.js';
import { openCliContext } from './cli-context.js';
import { rotateWalletKeys } from './rotate-keys.js';

/**
 * `pnpm keys:rotate`: with the new key in WALLET_ENCRYPTION_KEY and the old ones in
 * WALLET_ENCRYPTION_PREVIOUS_KEYS, re-seals every wallet key under the new one. Safe to re-run.
 */
const { config, secrets, store } = await openCliContext();
try {
  const report = await rotateWalletKeys(
    store.users,
    keyVaultFromSecrets(secrets.walletKey, config.secrets.previousWalletKeys),
  );
  console.log(
    `keys:rotate: ${report.rotated} re-sealed, ${report.alreadyCurrent} already current, ${report.changedMeanwhile} changed meanwhile (run again)`,
  );
} finally {
  await store.close();
}
