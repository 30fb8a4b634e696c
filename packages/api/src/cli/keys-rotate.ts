import { isDomainError } from '@trx-shop/domain';
import { keyVaultFromSecrets } from '../composition/key-vault-from-secrets.js';
import { openCliContext } from './cli-context.js';
import { type RotationReport, rotateTwoFactorSecrets, rotateWalletKeys } from './rotate-keys.js';

/**
 * `pnpm keys:rotate`: with the new key in WALLET_ENCRYPTION_KEY and the old ones in
 * WALLET_ENCRYPTION_PREVIOUS_KEYS, re-seals every wallet key and TOTP secret under the new one.
 * Safe to interrupt and re-run; says "nothing left to rotate" once done. An error is one line
 * with its code, never a stack.
 */
const line = (what: string, report: RotationReport) =>
  `keys:rotate: ${what}: ${report.rotated} re-sealed, ${report.alreadyCurrent} already current, ${report.changedMeanwhile} changed meanwhile`;

const { config, secrets, store } = await openCliContext();
try {
  const vault = keyVaultFromSecrets(secrets.walletKey, config.secrets.previousWalletKeys);
  const wallets = await rotateWalletKeys(store.users, vault);
  console.log(line('wallet keys', wallets));
  const totp = await rotateTwoFactorSecrets(store.users, vault);
  console.log(line('TOTP secrets', totp));
  if (wallets.changedMeanwhile + totp.changedMeanwhile > 0) console.log('keys:rotate: run again to finish');
  else console.log('keys:rotate: nothing left to rotate');
} catch (error) {
  const code = isDomainError(error) ? error.code : 'INTERNAL_ERROR';
  const message = error instanceof Error ? error.message : String(error);
  console.error(`keys:rotate: ${code}: ${message}`);
  process.exitCode = 1;
} finally {
  await store.close();
}
