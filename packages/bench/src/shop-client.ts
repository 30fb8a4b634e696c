import { createShopClient, type DataOf, type FetchResult, type ShopClient, unwrap } from '@trx-shop/client';

/**
 * `unwrap` (the answer's data, or a thrown error with the service's code), naming what the call
 * was for when it fails: `create the product: 400 VALIDATION_ERROR: ...` (the `ShopApiError` is
 * the cause).
 */
export const unwrapFor = async <R extends FetchResult>(
  what: string,
  request: Promise<R>,
): Promise<DataOf<R>> => {
  try {
    return await unwrap(request);
  } catch (error) {
    throw new Error(`${what}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
};

/** A client logged in with an access token, and that token (for autocannon's headers, a socket). */
export interface SignedInClient extends ShopClient {
  readonly accessToken: string;
}

/** Logs in without cookies (`POST /api/auth/tokens`) and answers a client sending the access token. */
export const signIn = async (baseUrl: string, email: string, password: string): Promise<SignedInClient> => {
  const { accessToken } = await unwrapFor(
    `log in as ${email}`,
    createShopClient({ baseUrl }).POST('/api/auth/tokens', { body: { email, password } }),
  );
  return Object.assign(createShopClient({ baseUrl, accessToken }), { accessToken });
};

export interface NewAccount {
  readonly email: string;
  readonly username: string;
  readonly password: string;
}

export interface RegisteredAccount extends NewAccount {
  readonly id: string;
  /** The custodial wallet registration made. */
  readonly address: string;
}

/** Registers a customer (`POST /api/auth/register`): its id and custodial wallet address. */
export const register = async (baseUrl: string, account: NewAccount): Promise<RegisteredAccount> => {
  const what = `register ${account.email}`;
  const { user } = await unwrapFor(
    what,
    createShopClient({ baseUrl }).POST('/api/auth/register', {
      body: { ...account, passwordConfirm: account.password },
    }),
  );
  if (user.wallet.address === null) throw new Error(`${what}: the answer has no wallet address`);
  return { ...account, id: user.id, address: user.wallet.address };
};

export interface Buyer extends RegisteredAccount {
  readonly shop: SignedInClient;
}

/**
 * Registers a customer and logs it in: registration answers with cookies, the client works with
 * the access token of `POST /api/auth/tokens`.
 */
export const registerBuyer = async (baseUrl: string, account: NewAccount): Promise<Buyer> => {
  const registered = await register(baseUrl, account);
  return { ...registered, shop: await signIn(baseUrl, account.email, account.password) };
};
