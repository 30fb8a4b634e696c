import type { KeyVault, User, UserStore } from '@trx-shop/domain';

export interface RotationReport {
  readonly rotated: number;
  readonly alreadyCurrent: number;
  readonly changedMeanwhile: number;
}

const BATCH = 100;

/** Called between two records; the crash test pauses there to kill the process mid-rotation. */
export type AfterEachWrite = () => Promise<void>;
const carryOn: AfterEachWrite = async () => {};

/** One kind of sealed value on user records: how to page the holders, read it and replace it. */
interface SealedField {
  readonly list: (afterId: string | null, limit: number) => Promise<readonly User[]>;
  readonly read: (user: User) => string | null;
  readonly replace: (id: string, expected: string, replacement: string) => Promise<boolean>;
}

/**
 * Re-seals every value of one kind that is not under the current master key. Each replacement is
 * a guarded write (only if the stored value is still the one read), and a value is opened with its
 * old master key before anything is written, so an interrupted run leaves every value readable
 * and the next run simply continues.
 */
const rotateSealed = async (
  field: SealedField,
  vault: KeyVault,
  afterEachWrite: AfterEachWrite,
): Promise<RotationReport> => {
  let rotated = 0;
  let alreadyCurrent = 0;
  let changedMeanwhile = 0;
  let afterId: string | null = null;
  for (;;) {
    const batch = await field.list(afterId, BATCH);
    if (batch.length === 0) break;
    for (const user of batch) {
      const sealed = field.read(user);
      if (!sealed || !vault.needsRotation(sealed)) {
        alreadyCurrent += 1;
        continue;
      }
      const resealed = await vault.seal(await vault.open(sealed, user.id), user.id);
      if (await field.replace(user.id, sealed, resealed)) rotated += 1;
      else changedMeanwhile += 1;
      await afterEachWrite();
    }
    afterId = batch.at(-1)?.id ?? null;
  }
  return { rotated, alreadyCurrent, changedMeanwhile };
};

export const rotateWalletKeys = (
  users: UserStore,
  vault: KeyVault,
  afterEachWrite: AfterEachWrite = carryOn,
): Promise<RotationReport> =>
  rotateSealed(
    {
      list: (afterId, limit) => users.listWithWalletKeys(afterId, limit),
      read: (user) => user.wallet.encryptedPrivateKey,
      replace: (id, expected, replacement) => users.replaceWalletKey(id, expected, replacement),
    },
    vault,
    afterEachWrite,
  );

export const rotateTwoFactorSecrets = (
  users: UserStore,
  vault: KeyVault,
  afterEachWrite: AfterEachWrite = carryOn,
): Promise<RotationReport> =>
  rotateSealed(
    {
      list: (afterId, limit) => users.listWithTwoFactorSecrets(afterId, limit),
      read: (user) => user.twoFactor.encryptedSecret,
      replace: (id, expected, replacement) => users.replaceTwoFactorSecret(id, expected, replacement),
    },
    vault,
    afterEachWrite,
  );
