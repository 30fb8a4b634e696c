/** Placeholder until the page is built. */
const CheckoutPage = () => (
  <section className="stack">
    <h1>Checkout</h1>
  </section>
);

export default CheckoutPage;
