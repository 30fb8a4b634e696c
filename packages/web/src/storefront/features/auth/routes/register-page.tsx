/** Placeholder until the page is built. */
const RegisterPage = () => (
  <section className="stack">
    <h1>Create an account</h1>
  </section>
);

export default RegisterPage;
