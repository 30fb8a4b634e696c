/** One order: lines, payment, refunds, history and the admin's actions. */
const OrderPage = ({ id }: { id: string }) => (
  <section>
    <h1>Order</h1>
    <p className="muted">{id}</p>
  </section>
);

export default OrderPage;
