import type { KeyVault, UserStore } from '@trx-shop/domain';

export interface RotationReport {
  readonly rotated: number;
  readonly alreadyCurrent: number;
  readonly changedMeanwhile: number;
}

const BATCH = 100;

/**
 * Re-seals every wallet key that is not under the current master key. Each replacement is a
 * guarded write (only if the stored value is still the one read), and a key is opened with its
 * old master key before anything is written, so an interrupted run leaves every key readable
 * and the next run simply continues.
 */
export const rotateWalletKeys = async (users: UserStore, vault: KeyVault): Promise<RotationReport> => {
  let rotated = 0;
  let alreadyCurrent = 0;
  let changedMeanwhile = 0;
  let afterId: string | null = null;
  for (;;) {
    const batch = await users.listWithWalletKeys(afterId, BATCH);
    if (batch.length === 0) break;
    for (const user of batch) {
      const sealed = user.wallet.encryptedPrivateKey;
      if (!sealed || !vault.needsRotation(sealed)) {
        alreadyCurrent += 1;
        continue;
      }
      const resealed = await vault.seal(await vault.open(sealed, user.id), user.id);
      if (await users.replaceWalletKey(user.id, sealed, resealed)) rotated += 1;
      else changedMeanwhile += 1;
    }
    afterId = batch.at(-1)?.id ?? null;
  }
  return { rotated, alreadyCurrent, changedMeanwhile };
};

/**
 * Re-seals every TOTP secret not under the current master key, as `rotateWalletKeys` does wallet
 * keys: opened with its old key first, replaced with a guarded write, resumable.
 */
export const rotateTwoFactorSecrets = async (users: UserStore, vault: KeyVault): Promise<RotationReport> => {
  let rotated = 0;
  let alreadyCurrent = 0;
  let changedMeanwhile = 0;
  let afterId: string | null = null;
  for (;;) {
    const batch = await users.listWithTwoFactorSecrets(afterId, BATCH);
    if (batch.length === 0) break;
    for (const user of batch) {
      const sealed = user.twoFactor.encryptedSecret;
      if (!sealed || !vault.needsRotation(sealed)) {
        alreadyCurrent += 1;
        continue;
      }
      const resealed = await vault.seal(await vault.open(sealed, user.id), user.id);
      if (await users.replaceTwoFactorSecret(user.id, sealed, resealed)) rotated += 1;
      else changedMeanwhile += 1;
    }
    afterId = batch.at(-1)?.id ?? null;
  }
  return { rotated, alreadyCurrent, changedMeanwhile };
};
