import {
  type Clock,
  type IdGenerator,
  type Product,
  type ProductStore,
  recordEvents,
} from '@trx-shop/domain';

const DEMO_PRODUCTS = [
  {
    name: 'E-book: TRON for Shop Owners',
    description: 'A PDF guide to taking TRX payments.',
    priceSun: 12_500_000,
    priceUsdt: 2_990_000,
    category: 'digital',
    stock: 1000,
  },
  {
    name: 'Hardware Wallet Sticker Pack',
    description: 'Ten vinyl stickers, shipped worldwide.',
    priceSun: 3_200_000,
    priceUsdt: 800_000,
    category: 'physical',
    stock: 250,
  },
  {
    name: 'Store Setup Consultation',
    description: 'One hour with a payments engineer.',
    priceSun: 150_000_000,
    priceUsdt: 39_000_000,
    category: 'service',
    stock: 20,
  },
  {
    name: 'Premium Theme License',
    description: 'A storefront theme for one shop.',
    priceSun: 45_000_000,
    priceUsdt: 11_500_000,
    category: 'digital',
    stock: 500,
  },
  {
    name: 'TRX Shop T-Shirt',
    description: 'Organic cotton, sizes S to XL.',
    priceSun: 19_990_000,
    // Sold in TRX only: the catalogue shows both kinds of product.
    priceUsdt: null,
    category: 'physical',
    stock: 100,
  },
] as const;

/** A few products so a first start can be tried at once; only into an empty catalogue. */
export const seedDemoProducts = async (
  deps: { readonly products: ProductStore; readonly clock: Clock; readonly ids: IdGenerator },
  createdBy: string | null,
): Promise<number> => {
  if ((await deps.products.count()) > 0) return 0;
  const now = deps.clock.now();
  for (const fields of DEMO_PRODUCTS) {
    const product: Product = {
      ...fields,
      id: deps.ids.newId(),
      reservedStock: 0,
      image: '',
      isActive: true,
      createdBy,
      createdAt: now,
      updatedAt: now,
    };
    await deps.products.insert(product, [recordEvents(deps.ids, now).productCreated(product)]);
  }
  return DEMO_PRODUCTS.length;
};
