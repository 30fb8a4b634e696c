import { generateSync } from 'otplib';
import type { Clock } from '@trx-shop/domain';

export const TOTP_STEP_MS = 30_000;

/** The code an authenticator shows at the clock's time, computed by otplib itself (not the app's adapter). */
export const totpCodeAt = (secret: string, clock: Clock): string =>
  generateSync({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
