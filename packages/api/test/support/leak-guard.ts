import type { KeyVault, ShopStore } from '@trx-shop/domain';
import type { FastifyInstance } from 'fastify';

export interface RecordedResponse {
  readonly method: string;
  readonly url: string;
  readonly body: string;
}

export interface Leak {
  readonly url: string;
  readonly what: string;
}

/** The one response allowed to show a TOTP secret (docs/decisions.md section 6). */
const TWO_FACTOR_SETUP_PATH = '/api/security/2fa/enable';
const ARGON2ID_MARKER = '$argon2id$';

const pathOf = (url: string): string => url.split('?')[0] ?? url;

const bodyText = (payload: unknown): string | null => {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return null;
};

/**
 * Records every response body the app sends (onSend sees the serialized payload, after the
 * response schemas had their say), so a test file can prove at its end that nothing it made the
 * app answer carried a secret. Streamed payloads (swagger-ui's static files) are not ours.
 */
export const recordResponses = (app: FastifyInstance): RecordedResponse[] => {
  const recorded: RecordedResponse[] = [];
  app.addHook('onSend', async (request, _reply, payload) => {
    const body = bodyText(payload);
    if (body !== null) recorded.push({ method: request.method, url: request.url, body });
    return payload;
  });
  return recorded;
};

const secretsShownBySetup = (recorded: readonly RecordedResponse[]): string[] =>
  recorded
    .filter((response) => pathOf(response.url) === TWO_FACTOR_SETUP_PATH)
    .flatMap((response) => {
      try {
        const parsed: unknown = JSON.parse(response.body);
        const secret =
          typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>).secret : null;
        return typeof secret === 'string' && secret.length > 0 ? [secret] : [];
      } catch {
        return [];
      }
    });

/** Every secret the store holds sealed, opened with the vault the app uses. */
const storedSecrets = async (store: ShopStore, vault: KeyVault) => {
  const privateKeys: string[] = [];
  const totpSecrets: string[] = [];
  let afterId: string | null = null;
  for (;;) {
    const batch = await store.users.listWithWalletKeys(afterId, 100);
    for (const user of batch) {
      if (user.wallet.encryptedPrivateKey)
        privateKeys.push(await vault.open(user.wallet.encryptedPrivateKey, user.id));
      if (user.twoFactor.encryptedSecret)
        totpSecrets.push(await vault.open(user.twoFactor.encryptedSecret, user.id));
    }
    const last = batch.at(-1);
    if (!last || batch.length < 100) break;
    afterId = last.id;
  }
  return { privateKeys, totpSecrets };
};

const withoutHexPrefix = (key: string): string => key.replace(/^0x/i, '').toLowerCase();

/**
 * Finds private keys (hex, either case, with or without 0x: the bare hex is a substring of
 * both), argon2id hashes and TOTP secrets in recorded bodies. The 2FA setup answer may show
 * its own secret; nothing else may.
 */
export const findLeaks = async (
  recorded: readonly RecordedResponse[],
  store: ShopStore,
  vault: KeyVault,
): Promise<Leak[]> => {
  const { privateKeys, totpSecrets } = await storedSecrets(store, vault);
  const keys = privateKeys.map(withoutHexPrefix);
  const secrets = [...new Set([...totpSecrets, ...secretsShownBySetup(recorded)])].map((secret) =>
    secret.toLowerCase(),
  );
  const leaks: Leak[] = [];
  for (const response of recorded) {
    const where = `${response.method} ${response.url}`;
    const body = response.body.toLowerCase();
    if (keys.some((key) => body.includes(key))) leaks.push({ url: where, what: 'a wallet private key' });
    if (response.body.includes(ARGON2ID_MARKER))
      leaks.push({ url: where, what: 'an argon2id password hash' });
    if (pathOf(response.url) !== TWO_FACTOR_SETUP_PATH && secrets.some((secret) => body.includes(secret))) {
      leaks.push({ url: where, what: 'a TOTP secret' });
    }
  }
  return leaks;
};

export class LeakError extends Error {
  constructor(readonly leaks: readonly Leak[]) {
    super(
      `responses leaked secrets:\n${leaks.map((leak) => `  ${leak.url} showed ${leak.what}`).join('\n')}`,
    );
    this.name = 'LeakError';
  }
}
