/** Placeholder until the page is built. */
const AuditPage = () => (
  <section className="stack">
    <h1>Audit trail</h1>
  </section>
);

export default AuditPage;
