/** Placeholder until the page is built. */
const OrdersPage = () => (
  <section className="stack">
    <h1>Your orders</h1>
  </section>
);

export default OrdersPage;
