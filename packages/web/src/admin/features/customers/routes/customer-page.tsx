/** Placeholder until the page is built. */
const CustomerPage = (_props: { id: string }) => (
  <section className="stack">
    <h1>Customer</h1>
  </section>
);

export default CustomerPage;
