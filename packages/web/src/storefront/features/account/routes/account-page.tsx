/** Placeholder until the page is built. */
const AccountPage = () => (
  <section className="stack">
    <h1>Your account</h1>
  </section>
);

export default AccountPage;
