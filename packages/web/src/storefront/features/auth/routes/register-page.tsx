import { Link, Redirect, useSearchParams } from 'wouter';
import { RegisterForm } from '../components/register-form.js';
import { useSignedInDestination } from '../components/signed-in-destination.js';
import { withNext } from '../utils/next-path.js';

/** A new shopper's account, with a TRON wallet of its own; signed in at once, they go on to `?next=`. */
const RegisterPage = () => {
  const destination = useSignedInDestination();
  const [params] = useSearchParams();
  if (destination) return <Redirect to={destination} replace />;
  return (
    <section className="stack way-in">
      <h1>Create an account</h1>
      <p>Your account comes with its own TRON wallet to pay from.</p>
      <RegisterForm />
      <p>
        Already have an account? <Link href={withNext('/sign-in', params.get('next'))}>Sign in</Link>
      </p>
    </section>
  );
};

export default RegisterPage;
