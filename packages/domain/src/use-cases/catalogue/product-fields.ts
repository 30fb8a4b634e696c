import { domainError, type ValidationError } from '../../errors/domain-error.js';
import { MAX_PRODUCT_PRICE_SUN, MAX_PRODUCT_PRICE_USDT_UNITS } from '../../money/limits.js';
import { parseTrxAmount } from '../../money/trx-amount.js';
import { parseUsdtAmount } from '../../money/usdt-amount.js';
import type { UsdtUnits } from '../../money/usdt.js';
import type { ProductPatch } from '../../ports/product-store.port.js';
import { isProductCategory, PRODUCT_DESCRIPTION_MAX, PRODUCT_NAME_MAX } from '../../products/product.js';
import { err, ok, type Result } from '../../shared/result.js';

/** The writable product fields as a client sends them (price in TRX, priceUsdt in USDT). */
export interface ProductFieldsInput {
  readonly name?: unknown;
  readonly description?: unknown;
  readonly price?: unknown;
  readonly priceUsdt?: unknown;
  readonly category?: unknown;
  readonly stock?: unknown;
  readonly image?: unknown;
  readonly isActive?: unknown;
}

const invalid = (field: string, message: string): ValidationError =>
  domainError('VALIDATION_ERROR', message, { details: [{ field, message }] });

// The domain sees no URL parser (no platform APIs here): scheme, a host, no whitespace.
export const PRODUCT_IMAGE_URL_PATTERN = '^https?://[A-Za-z0-9.-]+(?::[0-9]{1,5})?(?:[/?#]\\S*)?$';
const HTTP_URL = new RegExp(PRODUCT_IMAGE_URL_PATTERN);
const isHttpUrl = (value: string): boolean => HTTP_URL.test(value);

/** A JSON number in USDT, or null: not sold in USDT. */
const parsePriceUsdt = (input: unknown): Result<UsdtUnits | null, ValidationError> => {
  if (input === null) return ok(null);
  if (typeof input !== 'number') {
    return err(invalid('priceUsdt', 'priceUsdt must be a number in USDT, or null'));
  }
  return parseUsdtAmount(input, { field: 'priceUsdt', maxUnits: MAX_PRODUCT_PRICE_USDT_UNITS });
};

/** Validates whichever writable fields are present (docs/decisions.md section 6) into a patch. */
export const parseProductFields = (input: ProductFieldsInput): Result<ProductPatch, ValidationError> => {
  const patch: { -readonly [K in keyof ProductPatch]: ProductPatch[K] } = {};
  if (input.name !== undefined) {
    if (
      typeof input.name !== 'string' ||
      input.name.trim().length === 0 ||
      input.name.length > PRODUCT_NAME_MAX
    ) {
      return err(invalid('name', `name must be 1 to ${PRODUCT_NAME_MAX} characters`));
    }
    patch.name = input.name.trim();
  }
  if (input.description !== undefined) {
    if (typeof input.description !== 'string' || input.description.length > PRODUCT_DESCRIPTION_MAX) {
      return err(invalid('description', `description must be at most ${PRODUCT_DESCRIPTION_MAX} characters`));
    }
    patch.description = input.description;
  }
  if (input.price !== undefined) {
    const price = parseTrxAmount(input.price, {
      field: 'price',
      sign: 'positive',
      maxSun: MAX_PRODUCT_PRICE_SUN,
    });
    if (!price.ok) return price;
    patch.priceSun = price.value;
  }
  if (input.priceUsdt !== undefined) {
    const priceUsdt = parsePriceUsdt(input.priceUsdt);
    if (!priceUsdt.ok) return priceUsdt;
    patch.priceUsdt = priceUsdt.value;
  }
  if (input.category !== undefined) {
    if (!isProductCategory(input.category)) {
      return err(invalid('category', 'category must be digital, physical or service'));
    }
    patch.category = input.category;
  }
  if (input.stock !== undefined) {
    if (typeof input.stock !== 'number' || !Number.isSafeInteger(input.stock) || input.stock < 0) {
      return err(invalid('stock', 'stock must be a whole number of at least 0'));
    }
    patch.stock = input.stock;
  }
  if (input.image !== undefined) {
    if (
      typeof input.image !== 'string' ||
      (input.image !== '' && !isHttpUrl(input.image)) ||
      input.image.length > 2048
    ) {
      return err(invalid('image', 'image must be an http or https URL'));
    }
    patch.image = input.image;
  }
  if (input.isActive !== undefined) {
    if (typeof input.isActive !== 'boolean')
      return err(invalid('isActive', 'isActive must be true or false'));
    patch.isActive = input.isActive;
  }
  return ok(patch);
};
