import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  changePassword,
  connectWallet,
  EMAIL_PATTERN,
  ISO_COUNTRY_CODES,
  PHONE_PATTERN,
  updateProfile,
} from '@trx-shop/domain';
import { Type } from 'typebox';
import { DOMAIN_CHECKED } from '../http/domain-checked.js';
import {
  errorResponses,
  MessageText,
  PasswordInput,
  SuccessMessageResponse,
  TronAddressInput,
  UsernameInput,
} from '../http/schemas.js';
import { identityOf } from '../plugins/auth.js';
import { BEARER_OR_COOKIE } from '../plugins/openapi.js';
import { accountMailDeps } from '../use-case-deps.js';
import { presentUser, UserView } from './presenters/user.presenter.js';
import type { RouteOptions } from './route-options.js';

const ProfileBody = Type.Object(
  {
    username: Type.Optional(UsernameInput),
    email: Type.Optional(
      Type.String({
        maxLength: 254,
        pattern: EMAIL_PATTERN,
        [DOMAIN_CHECKED]: ['pattern'],
        description:
          'a new address: unconfirmed until its mailed link is followed; the old one gets a notice',
      }),
    ),
    phone: Type.Optional(
      Type.Union([
        Type.String({
          maxLength: 32,
          pattern: PHONE_PATTERN,
          [DOMAIN_CHECKED]: ['pattern'],
          description: 'digits, with an optional leading +, spaces, dashes and parentheses',
        }),
        Type.Null(),
      ]),
    ),
    country: Type.Optional(
      Type.Union([
        Type.String({
          maxLength: 2,
          enum: [...ISO_COUNTRY_CODES],
          [DOMAIN_CHECKED]: ['enum'],
          description: 'an assigned ISO 3166-1 alpha-2 code, upper case',
        }),
        Type.Null(),
      ]),
    ),
    currentPassword: Type.Optional(
      Type.String({
        maxLength: 1024,
        description:
          'the account’s current password: required when email changes the address (400 INVALID_CURRENT_PASSWORD when missing or wrong), ignored otherwise',
      }),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      { username: 'ann', phone: '+49 30 1234567', country: 'DE' },
      { email: 'ann@example.org', currentPassword: 'correct horse battery staple' },
    ],
  },
);

// "Both passwords required" and the new one's length are rules the domain answers in its words.
const PasswordBody = Type.Object(
  {
    currentPassword: Type.String({ maxLength: 1024 }),
    newPassword: PasswordInput,
  },
  {
    additionalProperties: false,
    [DOMAIN_CHECKED]: ['required'],
    examples: [{ currentPassword: 'correct horse battery staple', newPassword: 'purple monkey dishwasher' }],
  },
);

const WalletBody = Type.Object(
  { walletAddress: TronAddressInput('an address of a wallet the user holds elsewhere') },
  { additionalProperties: false, examples: [{ walletAddress: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' }] },
);

const ProfileResponse = Type.Object(
  { success: Type.Literal(true), user: UserView },
  { additionalProperties: false },
);
const ProfileUpdateResponse = Type.Object(
  { success: Type.Literal(true), message: MessageText('Profile updated successfully'), user: UserView },
  { additionalProperties: false },
);

export const userRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  const users = deps.store.users;
  const mailDeps = accountMailDeps(deps);
  const common = { preValidation: app.requireUser } as const;
  const schemaBase = { tags: ['users'], security: BEARER_OR_COOKIE };

  app.get(
    '/api/users/profile',
    {
      ...common,
      schema: {
        ...schemaBase,
        operationId: 'getProfile',
        summary: 'The caller’s profile',
        description:
          'For a signed-in user (or admin): the caller’s own profile with wallet addresses, phone, country and 2FA state; changes nothing.',
        response: { 200: ProfileResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ success: true as const, user: presentUser(identityOf(request).user) }),
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/api/users/profile',
      ...common,
      // The current password it checks for an email change must not be guessed faster than change-password's.
      config: { rateLimit: app.strictRateLimit },
      schema: {
        ...schemaBase,
        operationId: method === 'PUT' ? 'updateProfile' : 'updateProfileLegacy',
        summary:
          method === 'PUT' ? 'Update username, email, phone or country' : 'Alias of PUT /api/users/profile',
        description:
          method === 'PUT'
            ? 'For a signed-in user: changes the caller’s own username, email, phone or country, only the fields sent (null clears phone or country); usernames and emails are unique regardless of case (409 USERNAME_TAKEN, EMAIL_TAKEN). A new email needs currentPassword (400 INVALID_CURRENT_PASSWORD when missing or wrong, checked before anything else about the address; nothing is written or mailed) and is unconfirmed: a verification link is mailed to it and a notice to the old address.'
            : 'Deprecated alias of PUT /api/users/profile, with the same body, rules and answer.',
        deprecated: method === 'PATCH',
        body: ProfileBody,
        response: { 200: ProfileUpdateResponse, ...errorResponses(401, 403, 404, 409) },
      },
      handler: async (request) => {
        const updated = await updateProfile(mailDeps, identityOf(request).user.id, request.body);
        if (!updated.ok) throw updated.error;
        return {
          success: true as const,
          message: 'Profile updated successfully',
          user: presentUser(updated.value),
        };
      },
    });

    app.route({
      method,
      url: '/api/users/password',
      ...common,
      config: { rateLimit: app.strictRateLimit },
      schema: {
        ...schemaBase,
        operationId: method === 'PUT' ? 'changePassword' : 'changePasswordLegacy',
        summary:
          method === 'PUT'
            ? 'Change the password; other sessions are logged out'
            : 'Alias of PUT /api/users/password',
        description:
          method === 'PUT'
            ? 'For a signed-in user: replaces the caller’s password after checking the current one; every other session of the caller ends, this one stays.'
            : 'Deprecated alias of PUT /api/users/password, with the same body, rules and answer.',
        deprecated: method === 'PATCH',
        body: PasswordBody,
        response: {
          200: SuccessMessageResponse('Password changed successfully'),
          ...errorResponses(401, 403, 404),
        },
      },
      handler: async (request) => {
        const { user, session } = identityOf(request);
        const changed = await changePassword(
          {
            users,
            sessions: deps.store.sessions,
            passwords: deps.passwords,
            clock: deps.clock,
            ids: deps.ids,
          },
          user.id,
          session.id,
          { currentPassword: request.body.currentPassword, newPassword: request.body.newPassword },
        );
        if (!changed.ok) throw changed.error;
        return { success: true as const, message: 'Password changed successfully' };
      },
    });
  }

  for (const url of ['/api/users/wallet/connect', '/api/users/connect-wallet']) {
    const alias = url === '/api/users/connect-wallet';
    app.post(
      url,
      {
        ...common,
        schema: {
          ...schemaBase,
          operationId: alias ? 'connectWalletLegacy' : 'connectWallet',
          summary: alias
            ? 'Alias of POST /api/users/wallet/connect'
            : 'Record an external TRON address (informational)',
          description: alias
            ? 'Deprecated alias of POST /api/users/wallet/connect, with the same body, rules and answer.'
            : 'For a signed-in user: records an external TRON address on the caller’s profile, for information only; payments still come from the custodial wallet.',
          deprecated: alias,
          body: WalletBody,
          response: {
            200: SuccessMessageResponse('Wallet connected successfully'),
            ...errorResponses(401, 403, 404),
          },
        },
      },
      async (request) => {
        const connected = await connectWallet(
          { users, chain: deps.chain, clock: deps.clock },
          identityOf(request).user.id,
          request.body.walletAddress,
        );
        if (!connected.ok) throw connected.error;
        return { success: true as const, message: 'Wallet connected successfully' };
      },
    );
  }
};
