import { useId } from 'react';
import { useResendEmailVerification } from '../../../../shared/account/api/email-verification.js';
import { ResendVerification } from '../../../../shared/account/components/resend-verification.js';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Loading } from '../../../../shared/ui/status.js';
import { useMailPreferences, useUpdateMailPreferences } from '../api/mail-preferences.js';

/** The address mail goes to and whether its owner confirmed it, with a new link while not. */
const AddressStatus = ({ email, verified }: { email: string; verified: boolean }) => {
  const resend = useResendEmailVerification();
  // A resend answered "already confirmed" reloads the profile; its answer stays shown after that.
  const offered = !verified || resend.isSuccess || resend.isError;
  return (
    <div className="stack">
      <p className="email-address">
        <span>{email}</span>{' '}
        {verified ? (
          <span className="email-status email-status-confirmed">Confirmed</span>
        ) : (
          <span className="email-status email-status-unconfirmed">Not confirmed yet</span>
        )}
      </p>
      {offered && <ResendVerification email={email} label="Send the link again" resend={resend} />}
    </div>
  );
};

/**
 * The account's address and its confirmation, and the one mail switch a shopper has: receipts.
 * Ticking it saves at once; security notices are always sent, so the section says so instead of
 * offering a switch.
 */
export const EmailSection = ({ email, verified }: { email: string; verified: boolean }) => {
  const preferences = useMailPreferences();
  const update = useUpdateMailPreferences();
  const receiptsId = useId();
  // While a save is under way the box shows what was asked; the stored value once it answers.
  const receipts = update.isPending ? update.variables.receipts : preferences.data?.receipts;

  return (
    <section className="card stack" aria-labelledby="email-title">
      <h2 id="email-title">Email address and receipts</h2>
      <AddressStatus email={email} verified={verified} />
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
