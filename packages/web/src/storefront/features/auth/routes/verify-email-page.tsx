import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { useVerifyEmail } from '../api/email-verification.js';
import { VerifyEmailOutcome } from '../components/verify-email-outcome.js';

/**
 * Where the mailed link leads (`/verify-email?token=...`): the token is read once, the address
 * replaced at once so it is left neither in the address bar nor in the history, and the token sent
 * on arrival, once.
 */
const VerifyEmailPage = () => {
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const [token] = useState(() => params.get('token') ?? '');
  const tokenInAddress = params.has('token');
  const verify = useVerifyEmail();
  const { mutate } = verify;
  // StrictMode runs an effect twice on mount; a token is spent by its first use, so the second must not send.
  const sent = useRef(false);

  useEffect(() => {
    if (tokenInAddress) navigate('/verify-email', { replace: true });
  }, [tokenInAddress, navigate]);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  return (
    <section className="stack way-in">
      <h1>Confirm your email address</h1>
      {token ? (
        <VerifyEmailOutcome verify={verify} onRetry={() => mutate(token)} />
      ) : (
        <p>
          This page needs the link from the email we sent you, opened as it is. You can ask for a new link on{' '}
          <Link href="/account">your account page</Link>.
        </p>
      )}
    </section>
  );
};

export default VerifyEmailPage;
