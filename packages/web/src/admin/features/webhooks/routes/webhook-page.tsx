/** Placeholder until the page is built. */
const WebhookPage = (_props: { id: string }) => (
  <section className="stack">
    <h1>Webhook</h1>
  </section>
);

export default WebhookPage;
