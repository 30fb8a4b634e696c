import type { components, Product } from '@trx-shop/client';
import { isCategory } from '../../../../shared/format/categories.js';

type CreateProductBody = components['schemas']['CreateProductRequest'];
type UpdateProductBody = components['schemas']['UpdateProductRequest'];

/** The form's fields as typed (text, so a price reaches the API exactly as written). */
export interface ProductFormValues {
  readonly name: string;
  readonly description: string;
  readonly price: string;
  /** Empty: not sold in USDT. */
  readonly priceUsdt: string;
  readonly category: string;
  readonly stock: string;
  readonly image: string;
  readonly isActive: boolean;
}

export type ProductField = keyof ProductFormValues;
export type FieldErrors = Partial<Record<ProductField, string>>;

// The API's limits (the product schema and its domain rules), worded as the API words them.
const NAME_MAX = 200;
const DESCRIPTION_MAX = 5000;
const IMAGE_MAX = 2048;
const PRICE_MAX_SUN = 1_000_000_000_000;
const PRICE_USDT_MAX_UNITS = 1_000_000_000_000;
/** SUN per TRX and USDT's base units per USDT: both currencies have 6 decimals. */
const UNITS_PER_WHOLE = 1_000_000;
const IMAGE_URL = /^https?:\/\/[A-Za-z0-9.-]+(?::[0-9]{1,5})?(?:[/?#]\S*)?$/;

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: '',
  description: '',
  price: '',
  priceUsdt: '',
  category: '',
  stock: '0',
  image: '',
  isActive: true,
};

/** An amount as plain decimal text: `String(0.000001)` would read `1e-6`, which the form refuses. */
const decimalText = (amount: number): string => amount.toFixed(6).replace(/\.?0+$/, '');

/** A product as the form shows it. */
export const formValuesOf = (product: Product): ProductFormValues => ({
  name: product.name,
  description: product.description,
  price: decimalText(product.price),
  priceUsdt: product.priceUsdt === null ? '' : decimalText(product.priceUsdt),
  category: product.category,
  stock: String(product.stock),
  image: product.image,
  isActive: product.isActive,
});

/** A decimal text in base units (SUN, or USDT's), or undefined when it is not one the API takes. */
const unitsOf = (price: string): number | undefined => {
  const match = /^(\d+)(?:\.(\d{1,6}))?$/.exec(price);
  if (!match) return undefined;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * UNITS_PER_WHOLE + Number(fraction.padEnd(6, '0'));
};

const priceError = (typed: string): string | undefined => {
  const price = typed.trim();
  if (price === '') return 'price is required';
  if (/^\d+\.\d{7,}$/.test(price)) return 'price has more than 6 decimals';
  const sun = unitsOf(price);
  if (sun === undefined) return 'price must be a decimal amount in TRX';
  if (sun <= 0) return 'price must be greater than 0';
  if (sun > PRICE_MAX_SUN) return 'price must be at most 1000000 TRX';
  return undefined;
};

/** Empty is allowed (not sold in USDT); anything else follows the TRX price's rules, in the API's words. */
const priceUsdtError = (typed: string): string | undefined => {
  const price = typed.trim();
  if (price === '') return undefined;
  if (/^\d+\.\d{7,}$/.test(price)) return 'priceUsdt has more than 6 decimals';
  const units = unitsOf(price);
  if (units === undefined) return 'priceUsdt must be a decimal amount in USDT';
  if (units <= 0) return 'priceUsdt must be greater than 0';
  if (units > PRICE_USDT_MAX_UNITS) return 'priceUsdt must be at most 1000000 USDT';
  return undefined;
};

const stockError = (typed: string): string | undefined => {
  const stock = typed.trim();
  return /^\d+$/.test(stock) && Number.isSafeInteger(Number(stock))
    ? undefined
    : 'stock must be a whole number of at least 0';
};

/** The API's rules checked before sending: an error per field that breaks one. */
export const checkProductForm = (values: ProductFormValues): FieldErrors => {
  const errors: FieldErrors = {};
  if (values.name.trim() === '' || values.name.length > NAME_MAX) {
    errors.name = `name must be 1 to ${NAME_MAX} characters`;
  }
  if (values.description.length > DESCRIPTION_MAX) {
    errors.description = `description must be at most ${DESCRIPTION_MAX} characters`;
  }
  const price = priceError(values.price);
  if (price) errors.price = price;
  const priceUsdt = priceUsdtError(values.priceUsdt);
  if (priceUsdt) errors.priceUsdt = priceUsdt;
  if (!isCategory(values.category)) errors.category = 'category must be digital, physical or service';
  const stock = stockError(values.stock);
  if (stock) errors.stock = stock;
  const image = values.image.trim();
  if (image.length > IMAGE_MAX || (image !== '' && !IMAGE_URL.test(image))) {
    errors.image = 'image must be an http or https URL';
  }
  return errors;
};

/**
 * The USDT price the API takes, a JSON number (its shortest text is the decimal typed, for any
 * checked value), or null when the field is empty.
 */
const priceUsdtOf = (typed: string): number | null => (typed.trim() === '' ? null : Number(typed.trim()));

/** The body of createProduct from checked values. */
export const createBodyOf = (values: ProductFormValues): CreateProductBody => ({
  name: values.name.trim(),
  description: values.description,
  price: values.price.trim(),
  priceUsdt: priceUsdtOf(values.priceUsdt),
  category: isCategory(values.category) ? values.category : 'digital',
  stock: Number(values.stock.trim()),
  image: values.image.trim(),
  isActive: values.isActive,
});

const usdtUnitsOf = (amount: number | null): number | null =>
  amount === null ? null : Math.round(amount * UNITS_PER_WHOLE);

/** Only what the admin changed, for updateProduct; empty when nothing did. */
export const changedFieldsOf = (product: Product, values: ProductFormValues): UpdateProductBody => {
  const body = createBodyOf(values);
  return {
    ...(body.name !== product.name ? { name: body.name } : {}),
    ...(body.description !== product.description ? { description: body.description } : {}),
    // Compared in SUN: "149.50" is the price 149.5 already is.
    ...(unitsOf(String(body.price)) !== Math.round(product.price * UNITS_PER_WHOLE)
      ? { price: body.price }
      : {}),
    // Compared in base units too; empty and null both mean not sold in USDT.
    ...(usdtUnitsOf(body.priceUsdt ?? null) !== usdtUnitsOf(product.priceUsdt)
      ? { priceUsdt: body.priceUsdt ?? null }
      : {}),
    ...(body.category !== product.category ? { category: body.category } : {}),
    ...(body.stock !== product.stock ? { stock: body.stock } : {}),
    ...(body.image !== product.image ? { image: body.image } : {}),
    ...(body.isActive !== product.isActive ? { isActive: body.isActive } : {}),
  };
};

const PRODUCT_FIELDS: readonly ProductField[] = [
  'name',
  'description',
  'price',
  'priceUsdt',
  'category',
  'stock',
  'image',
  'isActive',
];

const isProductField = (field: string): field is ProductField =>
  (PRODUCT_FIELDS as readonly string[]).includes(field);

/** The API's VALIDATION_ERROR details on the fields they name; others are left to the error notice. */
export const fieldErrorsOfDetails = (details: readonly { field: string; message: string }[]): FieldErrors => {
  const errors: FieldErrors = {};
  for (const { field, message } of details) {
    if (isProductField(field) && errors[field] === undefined) errors[field] = message;
  }
  return errors;
};
