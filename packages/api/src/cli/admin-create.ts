import { createAccount, emailProblem } from '@trx-shop/domain';
import { createArgon2Hasher } from '../adapters/argon2-hasher.js';
import { createObjectIdGenerator } from '../adapters/object-id-generator.js';
import { systemClock } from '../adapters/system-clock.js';
import { keyVaultFromSecrets } from '../composition/key-vault-from-secrets.js';
import { recordAdminCreated } from './admin-created-audit.js';
import { offlineChain, openCliContext } from './cli-context.js';
import { parseCommandLine } from './command-line.js';
import { readPassword } from './read-password.js';

const USAGE = [
  'usage: pnpm admin:create --email <email> [--username <name>]',
  '  (in the Docker image: node dist/cli/admin-create.js --email <email> [--username <name>])',
  'The password comes from ADMIN_PASSWORD, from standard input when piped, or from a prompt that',
  'does not echo; never from the command line. ADMIN_EMAIL and ADMIN_USERNAME work as the flags.',
].join('\n');

if (process.argv.some((word) => word === '--password' || word.startsWith('--password='))) {
  console.error(
    'admin:create: --password is not accepted (it would show in ps); use ADMIN_PASSWORD, stdin or the prompt',
  );
  process.exit(2);
}
const flags = parseCommandLine('admin:create', USAGE, {
  email: { type: 'string' },
  username: { type: 'string' },
});
const email = flags.email ?? process.env.ADMIN_EMAIL;
if (!email) {
  console.error(USAGE);
  process.exit(2);
}
// The email first: a wrong one is named as such, not as a username derived from it.
const badEmail = emailProblem(email);
if (badEmail) {
  console.error(`admin:create: VALIDATION_ERROR: ${badEmail.message}`);
  process.exit(1);
}
const username = flags.username ?? process.env.ADMIN_USERNAME ?? email.split('@')[0] ?? '';
const password = await readPassword();

const { config, secrets, store } = await openCliContext({ chain: false });
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
    await recordAdminCreated(store, created.value);
    console.log(
      `admin created: ${created.value.email} (id ${created.value.id}, wallet ${created.value.wallet.address})`,
    );
  }
} finally {
  await store.close();
}
