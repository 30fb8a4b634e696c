/** Placeholder until the page is built. */
const WebhooksPage = () => (
  <section className="stack">
    <h1>Webhooks</h1>
  </section>
);

export default WebhooksPage;
