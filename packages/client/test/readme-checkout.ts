import { connectRealtime, createShopClient, unwrap } from '@trx-shop/client';

/** Logs in, orders the cheapest product in stock, pays for it and waits until it is confirmed. */
export const checkout = async (baseUrl: string, email: string, password: string) => {
  const guest = createShopClient({ baseUrl });
  const { accessToken } = await unwrap(guest.POST('/api/auth/tokens', { body: { email, password } }));
  const shop = createShopClient({ baseUrl, accessToken });
  const { user } = await unwrap(shop.GET('/api/auth/profile'));

  const { products } = await unwrap(shop.GET('/api/products', { params: { query: { limit: 100 } } }));
  const [product] = products.filter((p) => p.stock > 0).sort((a, b) => a.price - b.price);
  if (!product) throw new Error('nothing in stock');
  const body = { products: [{ productId: product._id, quantity: 1 }] };
  const { order } = await unwrap(shop.POST('/api/orders', { body }));

  let confirm = (_txHash: string) => {};
  const confirmed = new Promise<string>((resolve) => {
    confirm = resolve;
  });
  const live = connectRealtime({
    baseUrl,
    accessToken,
    rooms: [user.id],
    onEvent: (event) => {
      if (event.event !== 'transaction:confirmed' || event.data.orderId !== order._id) return;
      confirm(event.data.txHash);
    },
  });
  await live.whenJoined();
  await unwrap(shop.POST('/api/orders/{id}/pay', { params: { path: { id: order._id } } }));
  const txHash = await confirmed;
  await live.close();
  return { orderId: order._id, total: order.total, txHash };
};
