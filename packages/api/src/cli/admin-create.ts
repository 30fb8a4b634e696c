import { createAccount } from '@trx-shop/domain';
import { createArgon2Hasher } from '../adapters/argon2-hasher.js';
import { createObjectIdGenerator } from '../adapters/object-id-generator.js';
import { systemClock } from '../adapters/system-clock.js';
import { keyVaultFromSecrets } from '../composition/key-vault-from-secrets.js';
import { argument, offlineChain, openCliContext } from './cli-context.js';

/** `pnpm admin:create --email a@b.c --username boss --password '...'` (or ADMIN_* variables). */
const email = argument('email') ?? process.env.ADMIN_EMAIL;
const password = argument('password') ?? process.env.ADMIN_PASSWORD;
const username = argument('username') ?? process.env.ADMIN_USERNAME ?? email?.split('@')[0];
if (!email || !password || !username) {
  console.error('usage: pnpm admin:create --email <email> --password <password> [--username <name>]');
  process.exit(2);
}

const { config, secrets, store } = await openCliContext();
try {
  const created = await createAccount(
    {
      users: store.users,
      chain: offlineChain(config),
      vault: keyVaultFromSecrets(secrets.walletKey, config.secrets.previousWalletKeys),
      passwords: createArgon2Hasher(config.argon2),
      clock: systemClock,
      ids: createObjectIdGenerator(),
      logger: {
        debug: () => undefined,
        info: () => undefined,
        warn: () => undefined,
        error: () => undefined,
      },
    },
    { email, username, password, role: 'admin' },
  );
  if (!created.ok) {
    console.error(`admin:create: ${created.error.code}: ${created.error.message}`);
    process.exitCode = 1;
  } else {
    console.log(
      `admin created: ${created.value.email} (id ${created.value.id}, wallet ${created.value.wallet.address})`,
    );
  }
} finally {
  await store.close();
}
