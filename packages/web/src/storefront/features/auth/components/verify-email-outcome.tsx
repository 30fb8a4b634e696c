import { isShopApiError } from '@trx-shop/client';
import { Link } from 'wouter';
import { useResendEmailVerification } from '../../../../shared/account/api/email-verification.js';
import { ResendVerification } from '../../../../shared/account/components/resend-verification.js';
import { useCurrentUser } from '../../../../shared/api/session.js';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Loading } from '../../../../shared/ui/status.js';
import type { useVerifyEmail } from '../api/email-verification.js';

/** A new link needs a session, as the API mails it to the signed-in account's address. */
const NewLink = () => {
  const user = useCurrentUser();
  const resend = useResendEmailVerification();
  if (user.isPending) return null;
  if (user.data)
    return <ResendVerification email={user.data.email} label="Send a new link" resend={resend} />;
  return (
    <p>
      <Link href="/sign-in?next=%2Faccount">Sign in to get a new link</Link>
    </p>
  );
};

/** What came of sending the mailed token: confirmed, a dead link, or the API's refusal with a retry. */
export const VerifyEmailOutcome = ({
  verify,
  onRetry,
}: {
  verify: ReturnType<typeof useVerifyEmail>;
  onRetry: () => void;
}) => {
  if (verify.isSuccess) {
    return (
      <div className="card stack">
        <p role="status" className="notice notice-ok">
          Your email address is confirmed.
        </p>
        <p>
          <Link href="/">Continue shopping</Link>
        </p>
      </div>
    );
  }
  if (isShopApiError(verify.error) && verify.error.code === 'INVALID_VERIFICATION_TOKEN') {
    return (
      <div className="card stack">
        <ErrorNotice error={verify.error} title="This link no longer works" />
        <p>This link was used, replaced by a newer link, or expired. A new link works for 24 hours.</p>
        <NewLink />
      </div>
    );
  }
  if (verify.isError) {
    return (
      <div className="card stack">
        <ErrorNotice error={verify.error} title="Your email address was not confirmed" />
        <div>
          <button type="button" onClick={onRetry}>
            Try again
          </button>
        </div>
      </div>
    );
  }
  return <Loading label="Confirming your email address" />;
};
