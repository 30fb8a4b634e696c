import { createRequire } from 'node:module';
import type { TotpPort } from '@trx-shop/domain';

type Otplib = typeof import('otplib');

const PERIOD_S = 30;

/**
 * otplib (with its noble crypto plugins) is only needed once someone sets up or uses two-factor
 * authentication, so it is loaded on first use rather than on the start-up path. The
 * port is synchronous, hence its CommonJS build through require.
 */
let loaded: Otplib | null = null;
const otplib = (): Otplib => {
  loaded ??= createRequire(import.meta.url)('otplib') as Otplib;
  return loaded;
};

/** RFC 6238 TOTP through otplib: 30 s steps, 6 digits, one step of tolerance either side. */
export const createOtplibTotp = (issuer = 'TRX Shop'): TotpPort => ({
  newSecret: () => otplib().generateSecret(),
  keyUri: (accountName, secret) =>
    otplib().generateURI({ issuer, label: accountName, secret, period: PERIOD_S, digits: 6 }),
  matchingStep: (secret, code, now) => {
    const result = otplib().verifySync({
      secret,
      token: code,
      period: PERIOD_S,
      digits: 6,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: PERIOD_S,
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  },
});
