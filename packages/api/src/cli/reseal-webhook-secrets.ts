import type { KeyVault, WebhookSecret, WebhookStore } from '@trx-shop/domain';
import type { AfterEachWrite, RotationReport } from './reseal-user-secrets.js';

/**
 * Re-seals the signing secrets of every webhook endpoint that holds one not under the current
 * master key (the current secret and those in their day of grace alike), counted per endpoint.
 * Each endpoint is one guarded write of its whole list (`replaceSecrets`): an admin's rotation
 * that lands in between wins, and the endpoint counts as changed meanwhile for the next run. Each
 * secret is opened with its old key before anything is written, so a run cut short leaves every
 * secret readable.
 */
export const resealWebhookSecrets = async (
  webhooks: Pick<WebhookStore, 'listEndpoints' | 'replaceSecrets'>,
  vault: KeyVault,
  afterEachWrite: AfterEachWrite,
): Promise<RotationReport> => {
  let rotated = 0;
  let alreadyCurrent = 0;
  let changedMeanwhile = 0;
  for (const endpoint of await webhooks.listEndpoints()) {
    if (!endpoint.secrets.some((secret) => vault.needsRotation(secret.sealed))) {
      alreadyCurrent += 1;
      continue;
    }
    const resealed: WebhookSecret[] = [];
    for (const secret of endpoint.secrets) {
      resealed.push(
        vault.needsRotation(secret.sealed)
          ? {
              sealed: await vault.seal(await vault.open(secret.sealed, endpoint.id), endpoint.id),
              expiresAt: secret.expiresAt,
            }
          : secret,
      );
    }
    if (await webhooks.replaceSecrets(endpoint.id, endpoint.secrets, resealed, null)) rotated += 1;
    else changedMeanwhile += 1;
    await afterEachWrite();
  }
  return { rotated, alreadyCurrent, changedMeanwhile };
};
