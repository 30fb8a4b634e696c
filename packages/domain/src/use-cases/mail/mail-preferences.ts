import { codesOf, type DomainError, domainError } from '../../errors/domain-error.js';
import {
  DEFAULT_MAIL_PREFERENCES,
  type MailPreferences,
  type MerchantAlertPreferences,
} from '../../mail/mail-preferences.js';
import type { Clock } from '../../ports/runtime.port.js';
import type { ShopStore } from '../../ports/shop-store.port.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { User } from '../../users/user.js';

type PreferencesDeps = { readonly store: Pick<ShopStore, 'mailPreferences'> };

/** What a user asks to change; whatever is left out stays as it is. */
export interface MailPreferencesChange {
  readonly receipts?: boolean;
  readonly alerts?: Partial<MerchantAlertPreferences>;
}

export type UpdateMailPreferencesError = DomainError<'VALIDATION_ERROR'>;
export const UPDATE_MAIL_PREFERENCES_ERRORS = codesOf<UpdateMailPreferencesError>()(['VALIDATION_ERROR']);

/** The user's preferences: the defaults (everything on) until they save some. */
export const mailPreferencesOf = async (deps: PreferencesDeps, userId: string): Promise<MailPreferences> =>
  (await deps.store.mailPreferences.findMany([userId])).get(userId) ?? DEFAULT_MAIL_PREFERENCES;

/**
 * Changes what the user lets the shop mail them. Only admins receive merchant alerts, so a
 * customer's preferences have no `alerts` to set; security notices have no switch at all.
 */
export const updateMailPreferences = async (
  deps: PreferencesDeps & { readonly clock: Clock },
  user: Pick<User, 'id' | 'role'>,
  change: MailPreferencesChange,
): Promise<Result<MailPreferences, UpdateMailPreferencesError>> => {
  const alerts = change.alerts === undefined ? [] : Object.keys(change.alerts);
  if (change.receipts === undefined && alerts.length === 0) {
    const message = 'Name receipts or at least one alert to change';
    return err(domainError('VALIDATION_ERROR', message, { details: [{ field: 'receipts', message }] }));
  }
  if (change.alerts !== undefined && user.role !== 'admin') {
    const message = 'Only admins receive merchant alerts: a customer can turn receipts on or off';
    return err(domainError('VALIDATION_ERROR', message, { details: [{ field: 'alerts', message }] }));
  }
  if (change.alerts !== undefined && alerts.length === 0) {
    const message = 'alerts must name at least one alert to change';
    return err(domainError('VALIDATION_ERROR', message, { details: [{ field: 'alerts', message }] }));
  }
  const current = await mailPreferencesOf(deps, user.id);
  const next: MailPreferences = {
    receipts: change.receipts ?? current.receipts,
    alerts: { ...current.alerts, ...change.alerts },
  };
  await deps.store.mailPreferences.save(user.id, next, deps.clock.now());
  return ok(next);
};
