import { useId } from 'react';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Loading } from '../../../../shared/ui/status.js';
import { useMailPreferences, useUpdateMailPreferences } from '../api/mail-preferences.js';

/**
 * The one mail switch a shopper has: receipts. Ticking it saves at once; security notices are
 * always sent, so the section says so instead of offering a switch.
 */
export const EmailSection = () => {
  const preferences = useMailPreferences();
  const update = useUpdateMailPreferences();
  const receiptsId = useId();
  // While a save is under way the box shows what was asked; the stored value once it answers.
  const receipts = update.isPending ? update.variables.receipts : preferences.data?.receipts;

  return (
    <section className="card stack" aria-labelledby="email-title">
      <h2 id="email-title">Email</h2>
      {preferences.isPending ? (
        <Loading label="Loading your email settings" />
      ) : preferences.isError ? (
        <ErrorNotice error={preferences.error} title="Your email settings could not be loaded" />
      ) : (
        <>
          <div className="check">
            <input
              id={receiptsId}
              type="checkbox"
              checked={receipts ?? false}
              disabled={update.isPending}
              onChange={(event) => update.mutate({ receipts: event.target.checked })}
            />
            <label htmlFor={receiptsId}>Email me receipts (orders, refunds, deposits, withdrawals)</label>
          </div>
          {update.isSuccess && (
            <p role="status" className="notice notice-ok">
              {update.data.preferences.receipts
                ? 'Receipts will be emailed to you.'
                : 'Receipts are no longer emailed.'}
            </p>
          )}
          {update.isError && <ErrorNotice error={update.error} title="The setting was not saved" />}
        </>
      )}
      <p className="muted">
        Security notices (a password change, two-factor authentication turned on or off, a sign-in from a new
        device) are always sent.
      </p>
    </section>
  );
};
