/** Placeholder until the page is built. */
const WalletPage = () => (
  <section className="stack">
    <h1>Your wallet</h1>
  </section>
);

export default WalletPage;
