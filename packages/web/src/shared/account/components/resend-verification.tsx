import { ErrorNotice } from '../../ui/error-notice.js';
import { useResendEmailVerification } from '../api/email-verification.js';

/** One button that mails a new confirmation link to `email`, and says what came of it. */
export const ResendVerification = ({ email, label }: { email: string; label: string }) => {
  const resend = useResendEmailVerification();
  return (
    <div className="stack">
      <div>
        <button type="button" disabled={resend.isPending} onClick={() => resend.mutate()}>
          {resend.isPending ? 'Sending…' : label}
        </button>
      </div>
      {resend.isSuccess && (
        <p role="status" className="notice notice-ok">
          {resend.data.sent ? `Sent to ${email}` : 'Already confirmed'}
        </p>
      )}
      {resend.isError && <ErrorNotice error={resend.error} title="No link was sent" />}
    </div>
  );
};
