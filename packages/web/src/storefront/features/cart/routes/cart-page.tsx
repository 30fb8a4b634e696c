/** Placeholder until the page is built. */
const CartPage = () => (
  <section className="stack">
    <h1>Your cart</h1>
  </section>
);

export default CartPage;
