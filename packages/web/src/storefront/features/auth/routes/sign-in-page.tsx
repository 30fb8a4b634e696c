import { Link, Redirect, useSearchParams } from 'wouter';
import { SignInForm } from '../../../../shared/auth/sign-in-form.js';
import { useSignedInDestination } from '../components/signed-in-destination.js';
import { withNext } from '../utils/next-path.js';

/** Email and password (then the 2FA code when asked); signed in, the shopper goes on to `?next=`. */
const SignInPage = () => {
  const destination = useSignedInDestination();
  const [params] = useSearchParams();
  if (destination) return <Redirect to={destination} replace />;
  return (
    <section className="stack way-in">
      <h1>Sign in</h1>
      <SignInForm />
      <p>
        <Link href="/forgot-password">Forgot your password?</Link>
      </p>
      <p>
        New here? <Link href={withNext('/register', params.get('next'))}>Create an account</Link>
      </p>
    </section>
  );
};

export default SignInPage;
