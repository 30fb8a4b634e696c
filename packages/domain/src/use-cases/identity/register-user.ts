import { type DomainError, domainError } from '../../errors/domain-error.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { Session } from '../../users/session.js';
import type { User } from '../../users/user.js';
import type { ClientInfo, IdentityDeps } from './identity-deps.js';
import { startSession } from './start-session.js';
import { emailProblem, passwordProblem, usernameProblem, validationError } from './validation.js';

export interface RegistrationInput {
  readonly email: string;
  readonly username: string;
  readonly password: string;
  readonly passwordConfirm: string;
}

export interface Authenticated {
  readonly user: User;
  readonly session: Session;
}

/**
 * Registers a user with a new custodial wallet: the key is made locally by the chain adapter and
 * sealed with the user's id as associated data before anything is stored.
 */
export const registerUser = async (
  deps: IdentityDeps,
  input: RegistrationInput,
  client: ClientInfo,
): Promise<Result<Authenticated, DomainError>> => {
  const problem = validationError([
    emailProblem(input.email),
    usernameProblem(input.username),
    passwordProblem(input.password),
    input.password === input.passwordConfirm
      ? null
      : { field: 'passwordConfirm', message: 'Passwords do not match' },
  ]);
  if (problem) return err(problem);
  if (await deps.users.findByEmail(input.email)) {
    return err(domainError('EMAIL_TAKEN', 'Email already registered'));
  }

  const id = deps.ids.newId();
  const now = deps.clock.now();
  const wallet = await deps.chain.createWallet();
  const inserted = await deps.users.insert({
    id,
    email: input.email,
    username: input.username,
    passwordHash: await deps.passwords.hash(input.password),
    role: 'user',
    wallet: {
      address: wallet.address,
      encryptedPrivateKey: await deps.vault.seal(wallet.privateKey, id),
      externalAddress: null,
    },
    phone: null,
    country: null,
    twoFactor: { enabled: false, encryptedSecret: null, lastAcceptedStep: null },
    isActive: true,
    lastLogin: now,
    createdAt: now,
    updatedAt: now,
  });
  if (!inserted.ok) return inserted;

  if (deps.funding) {
    // Funding is a convenience of the devnet; a failure must not undo a registration.
    await deps.funding.fundNewWallet(wallet.address).catch((cause: unknown) => {
      deps.logger.warn({ userId: id, err: String(cause) }, 'could not fund the new wallet');
    });
  }
  return ok({ user: inserted.value, session: await startSession(deps, id, client) });
};
