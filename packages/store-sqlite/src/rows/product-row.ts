import { isProductCategory, type Product, productSearchText } from '@trx-shop/domain';
import { flag } from '../sqlite-database.js';

export interface ProductRow {
  id: string;
  name: string;
  description: string;
  search_text: string;
  price_sun: number;
  price_usdt: number | null;
  category: string;
  stock: number;
  reserved_stock: number;
  image: string;
  is_active: number;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

export const PRODUCT_COLUMNS =
  'id, name, description, search_text, price_sun, price_usdt, category, stock, reserved_stock, image, is_active, created_by, created_at, updated_at';

export const productFromRow = (row: ProductRow): Product => {
  if (!isProductCategory(row.category))
    throw new Error(`product ${row.id} has unknown category ${row.category}`);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    priceSun: row.price_sun,
    priceUsdt: row.price_usdt,
    category: row.category,
    stock: row.stock,
    reservedStock: row.reserved_stock,
    image: row.image,
    isActive: row.is_active === 1,
    createdBy: row.created_by,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
};

export const productToRow = (product: Product): ProductRow => ({
  id: product.id,
  name: product.name,
  description: product.description,
  search_text: productSearchText(product.name, product.description),
  price_sun: product.priceSun,
  price_usdt: product.priceUsdt,
  category: product.category,
  stock: product.stock,
  reserved_stock: product.reservedStock,
  image: product.image,
  is_active: flag(product.isActive),
  created_by: product.createdBy,
  created_at: product.createdAt.getTime(),
  updated_at: product.updatedAt.getTime(),
});
