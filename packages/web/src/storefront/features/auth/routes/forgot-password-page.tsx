import { Link } from 'wouter';
import { ForgotPasswordForm } from '../components/forgot-password-form.js';

/** A shopper who forgot their password asks for a link to set a new one, mailed to their address. */
const ForgotPasswordPage = () => (
  <section className="stack way-in">
    <h1>Forgot your password?</h1>
    <p>Enter the email address of your account and we will mail you a link to choose a new password.</p>
    <ForgotPasswordForm />
    <p>
      Remembered it? <Link href="/sign-in">Sign in</Link>
    </p>
  </section>
);

export default ForgotPasswordPage;
