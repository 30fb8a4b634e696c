import { SignInForm } from '../../../../shared/auth/sign-in-form.js';

/** The admin app's gate shows this to anyone signed out; the app turns to the dashboard once signed in. */
export const SignInPage = () => (
  <main className="sign-in">
    <h1>Sign in to TRX Shop admin</h1>
    <SignInForm />
  </main>
);
