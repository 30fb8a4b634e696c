/** Placeholder until the page is built. */
const CustomersPage = () => (
  <section className="stack">
    <h1>Customers</h1>
  </section>
);

export default CustomersPage;
