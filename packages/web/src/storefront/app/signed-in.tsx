import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useCurrentUser } from '../../shared/api/session.js';
import { ErrorNotice } from '../../shared/ui/error-notice.js';
import { Loading } from '../../shared/ui/status.js';

/** Shows `children` to a signed-in shopper; anyone else is offered sign-in, coming back here after. */
export const SignedIn = ({ what, children }: { what: string; children: ReactNode }) => {
  const user = useCurrentUser();
  const [location] = useLocation();
  if (user.isPending) return <Loading label="Checking your session" />;
  if (user.isError) return <ErrorNotice error={user.error} title="The shop could not be reached" />;
  if (user.data !== null) return <>{children}</>;
  const back = encodeURIComponent(location);
  return (
    <section className="stack">
      <h1>Sign in</h1>
      <p>Sign in to {what}.</p>
      <p>
        <Link href={`/sign-in?next=${back}`}>Sign in</Link> or{' '}
        <Link href={`/register?next=${back}`}>create an account</Link>
      </p>
    </section>
  );
};
