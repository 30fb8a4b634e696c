import { type DomainError, domainError } from '../../errors/domain-error.js';
import type { UserTakenError } from '../../ports/user-store.port.js';
import { err, type Result } from '../../shared/result.js';
import type { Role, User } from '../../users/user.js';
import type { IdentityDeps } from './identity-deps.js';
import { emailProblem, passwordProblem, usernameProblem, validationError } from './validation.js';

export interface AccountInput {
  readonly email: string;
  readonly username: string;
  readonly password: string;
  readonly role: Role;
}

/**
 * Creates a user with a new custodial wallet: the key is made locally by the chain adapter and
 * sealed with the user's id as associated data before anything is stored.
 */
export type CreateAccountError = DomainError<'VALIDATION_ERROR' | 'EMAIL_TAKEN'> | UserTakenError;

export const createAccount = async (
  deps: Pick<
    IdentityDeps,
    'users' | 'chain' | 'vault' | 'passwords' | 'clock' | 'ids' | 'logger' | 'funding'
  >,
  input: AccountInput,
): Promise<Result<User, CreateAccountError>> => {
  const problem = validationError([
    emailProblem(input.email),
    usernameProblem(input.username),
    passwordProblem(input.password),
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
    role: input.role,
    wallet: {
      address: wallet.address,
      encryptedPrivateKey: await deps.vault.seal(wallet.privateKey, id),
      externalAddress: null,
    },
    phone: null,
    country: null,
    twoFactor: { enabled: false, encryptedSecret: null, lastAcceptedStep: null },
    isActive: true,
    // A shopper confirms their address by mail; an admin is made by the operator on the server.
    emailVerified: input.role !== 'user',
    lastLogin: input.role === 'user' ? now : null,
    createdAt: now,
    updatedAt: now,
  });
  if (inserted.ok && deps.funding) {
    // Funding is a convenience of the devnet; a failure must not undo the account.
    await deps.funding.fundNewWallet(wallet.address).catch((cause: unknown) => {
      deps.logger.warn({ userId: id, err: String(cause) }, 'could not fund the new wallet');
    });
  }
  return inserted;
};
