import type { TotpPort } from '@trx-shop/domain';
import { generateSecret, generateURI, verifySync } from 'otplib';

const PERIOD_S = 30;

/** RFC 6238 TOTP through otplib: 30 s steps, 6 digits, one step of tolerance either side. */
export const createOtplibTotp = (issuer = 'TRX Shop'): TotpPort => ({
  newSecret: () => generateSecret(),
  keyUri: (accountName, secret) =>
    generateURI({ issuer, label: accountName, secret, period: PERIOD_S, digits: 6 }),
  matchingStep: (secret, code, now) => {
    const result = verifySync({
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
