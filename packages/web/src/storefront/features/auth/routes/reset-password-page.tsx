import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { ResetPasswordForm } from '../components/reset-password-form.js';

/**
 * Where the mailed link leads (`/reset-password?token=...`): the token is read once and the
 * address replaced at once, so it is left neither in the address bar nor in the history.
 */
const ResetPasswordPage = () => {
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const [token] = useState(() => params.get('token') ?? '');
  const tokenInAddress = params.has('token');
  useEffect(() => {
    if (tokenInAddress) navigate('/reset-password', { replace: true });
  }, [tokenInAddress, navigate]);

  return (
    <section className="stack way-in">
      <h1>Choose a new password</h1>
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <p>
          This page needs the link from the email we sent you, opened as it is. Links work for 30 minutes and
          once. <Link href="/forgot-password">Ask for a new link</Link>
        </p>
      )}
    </section>
  );
};

export default ResetPasswordPage;
