import { codesOf, type DomainError, domainError, type ValidationError } from '../../errors/domain-error.js';
import { recordEvents } from '../../events/record-events.js';
import type { EventActor } from '../../ports/shop-event.js';
import type { EventPayload } from '../../ports/shop-event.js';
import { formatSunAsTrx } from '../../money/sun.js';
import { formatUsdtUnits } from '../../money/usdt.js';
import type { ProductPatch, ProductStore } from '../../ports/product-store.port.js';
import type { Clock, IdGenerator } from '../../ports/runtime.port.js';
import type { Product } from '../../products/product.js';
import { err, ok, type Result } from '../../shared/result.js';
import { type ProductFieldsInput, parseProductFields } from './product-fields.js';

type CatalogueDeps = {
  readonly products: ProductStore;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  /** The admin acting, for the audit trail. */
  readonly actor?: EventActor | null;
};

export type ProductNotFoundError = DomainError<'PRODUCT_NOT_FOUND'>;
export const ARCHIVE_PRODUCT_ERRORS = codesOf<ProductNotFoundError>()(['PRODUCT_NOT_FOUND']);
export const FIND_ADMIN_PRODUCT_ERRORS = codesOf<ProductNotFoundError>()(['PRODUCT_NOT_FOUND']);
export type UpdateProductError = ValidationError | ProductNotFoundError;
export const UPDATE_PRODUCT_ERRORS = codesOf<UpdateProductError>()(['VALIDATION_ERROR', 'PRODUCT_NOT_FOUND']);
export const CREATE_PRODUCT_ERRORS = codesOf<ValidationError>()(['VALIDATION_ERROR']);

const notFound = (): ProductNotFoundError => domainError('PRODUCT_NOT_FOUND', 'Product not found');

/** One product as an admin sees it: archived ones too, read from the store, never from the catalogue's memo. */
export const findAdminProduct = async (
  deps: { readonly products: ProductStore },
  productId: string,
): Promise<Result<Product, ProductNotFoundError>> => {
  const product = await deps.products.findById(productId);
  return product ? ok(product) : err(notFound());
};

export const createProduct = async (
  deps: CatalogueDeps,
  adminId: string,
  input: ProductFieldsInput,
): Promise<Result<Product, ValidationError>> => {
  const missing = (['name', 'price', 'category'] as const).filter((field) => input[field] === undefined);
  if (missing.length > 0) {
    const details = missing.map((field) => ({ field, message: `${field} is required` }));
    return err(domainError('VALIDATION_ERROR', details[0]?.message ?? 'missing fields', { details }));
  }
  const fields = parseProductFields(input);
  if (!fields.ok) return fields;
  const { name, priceSun, category } = fields.value;
  if (name === undefined || priceSun === undefined || category === undefined) {
    return err(domainError('VALIDATION_ERROR', 'name, price and category are required'));
  }
  const now = deps.clock.now();
  const product: Product = {
    id: deps.ids.newId(),
    name,
    description: fields.value.description ?? '',
    priceSun,
    priceUsdt: fields.value.priceUsdt ?? null,
    category,
    stock: fields.value.stock ?? 0,
    reservedStock: 0,
    image: fields.value.image ?? '',
    isActive: fields.value.isActive ?? true,
    createdBy: adminId,
    createdAt: now,
    updatedAt: now,
  };
  return ok(
    await deps.products.insert(product, [recordEvents(deps.ids, now, deps.actor).productCreated(product)]),
  );
};

/** What an update changed, as its event tells it (prices as exact text: TRX, and USDT or null). */
const changedFields = (patch: ProductPatch): EventPayload => {
  const { priceSun, priceUsdt, ...rest } = patch;
  return {
    ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)),
    ...(priceSun === undefined ? {} : { price: formatSunAsTrx(priceSun) }),
    ...(priceUsdt === undefined ? {} : { priceUsdt: priceUsdt === null ? null : formatUsdtUnits(priceUsdt) }),
  } as EventPayload;
};

export const updateProduct = async (
  deps: CatalogueDeps,
  productId: string,
  input: ProductFieldsInput,
): Promise<Result<Product, UpdateProductError>> => {
  const fields = parseProductFields(input);
  if (!fields.ok) return fields;
  const before = await deps.products.findById(productId);
  if (!before) return err(notFound());
  const now = deps.clock.now();
  // Archiving is an update that takes the product off the catalogue; it says so.
  const type = fields.value.isActive === false ? 'product.archived' : 'product.updated';
  const changed = changedFields(fields.value);
  // What the changed fields were, as read just before the change (the audit trail's "before").
  const previous = changedFields(
    Object.fromEntries(
      Object.keys(fields.value)
        .filter((field) => fields.value[field as keyof ProductPatch] !== undefined)
        .map((field) => [field, before[field as keyof Product]]),
    ) as ProductPatch,
  );
  const event = recordEvents(deps.ids, now, deps.actor).productChanged(type, productId, {
    ...changed,
    before: previous,
  });
  const updated = await deps.products.update(productId, fields.value, now, [event]);
  return updated ? ok(updated) : err(notFound());
};

/** Products are archived, never deleted: orders keep pointing at them and stats keep their names. */
export const archiveProduct = async (
  deps: CatalogueDeps,
  productId: string,
): Promise<Result<Product, ProductNotFoundError>> => {
  const archived = await updateProduct(deps, productId, { isActive: false });
  if (archived.ok) return archived;
  // `{ isActive: false }` always parses, so a refused field here would be a broken rule.
  if (archived.error.code === 'VALIDATION_ERROR') throw archived.error;
  return err(notFound());
};
