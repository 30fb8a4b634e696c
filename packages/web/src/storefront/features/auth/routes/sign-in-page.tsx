/** Placeholder until the page is built. */
const SignInPage = () => (
  <section className="stack">
    <h1>Sign in</h1>
  </section>
);

export default SignInPage;
