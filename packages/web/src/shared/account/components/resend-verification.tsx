import { ErrorNotice } from '../../ui/error-notice.js';
import type { useResendEmailVerification } from '../api/email-verification.js';

/**
 * One button that mails a new confirmation link to `email`, and says what came of it. The caller
 * owns the request, so its outcome outlives the profile turning confirmed.
 */
export const ResendVerification = ({
  email,
  label,
  resend,
}: {
  email: string;
  label: string;
  resend: ReturnType<typeof useResendEmailVerification>;
}) => {
  const alreadyConfirmed = resend.data?.sent === false;
  return (
    <div className="stack">
      {!alreadyConfirmed && (
        <div>
          <button type="button" disabled={resend.isPending} onClick={() => resend.mutate()}>
            {resend.isPending ? 'Sending…' : label}
          </button>
        </div>
      )}
      {resend.isSuccess && (
        <p role="status" className="notice notice-ok">
          {resend.data.sent ? `Sent to ${email}` : 'Already confirmed'}
        </p>
      )}
      {resend.isError && <ErrorNotice error={resend.error} title="No link was sent" />}
    </div>
  );
};
