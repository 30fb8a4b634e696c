/** Placeholder until the page is built. */
const OrderPage = (_props: { id: string }) => (
  <section className="stack">
    <h1>Order</h1>
  </section>
);

export default OrderPage;
