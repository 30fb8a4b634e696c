import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  archiveProduct,
  createProduct,
  findAdminProduct,
  MAX_PRODUCT_PRICE_SUN,
  MAX_PRODUCT_PRICE_USDT_UNITS,
  normalizePageRequest,
  PRODUCT_CATEGORIES,
  PRODUCT_IMAGE_URL_PATTERN,
  SUN_PER_TRX,
  updateProduct,
  usdtUnitsToUsdt,
} from '@trx-shop/domain';
import { DOMAIN_CHECKED } from '../http/domain-checked.js';
import { Type } from 'typebox';
import {
  errorResponses,
  IdParams,
  MessageText,
  OneOf,
  SuccessMessageResponse,
  TrxAmountInput,
} from '../http/schemas.js';
import { actorOf, adminOf } from '../plugins/auth.js';
import { BEARER_OR_COOKIE } from '../plugins/openapi.js';
import { presentPagination } from './presenters/pagination.presenter.js';
import { firstExampleOf } from '../http/components.js';
import { ProductView, presentProduct } from './presenters/product.presenter.js';
import { ProductListQuery, ProductListResponse } from './products.routes.js';
import type { RouteOptions } from './route-options.js';

const Amount = TrxAmountInput('TRX, > 0, at most 6 decimals, at most 1,000,000', {
  maxTrx: MAX_PRODUCT_PRICE_SUN / SUN_PER_TRX,
});

/** A JSON number only: the document states the domain's bounds, the domain answers them in its words. */
const PriceUsdt = Type.Union(
  [
    Type.Number({
      minimum: 0.000001,
      maximum: usdtUnitsToUsdt(MAX_PRODUCT_PRICE_USDT_UNITS),
      multipleOf: 0.000001,
      [DOMAIN_CHECKED]: ['minimum', 'maximum', 'multipleOf'],
    }),
    Type.Null(),
  ],
  { description: 'USDT, > 0, at most 6 decimals, at most 1,000,000; null: not sold in USDT' },
);

const productFields = {
  // Stored trimmed, so it needs a character that is not white space.
  name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', [DOMAIN_CHECKED]: ['pattern'] }),
  description: Type.String({ maxLength: 5000 }),
  price: Amount,
  priceUsdt: PriceUsdt,
  category: OneOf(PRODUCT_CATEGORIES),
  stock: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, [DOMAIN_CHECKED]: ['maximum'] }),
  image: Type.String({
    maxLength: 2048,
    pattern: `^$|${PRODUCT_IMAGE_URL_PATTERN}`,
    [DOMAIN_CHECKED]: ['pattern'],
    description: 'http or https URL, or empty',
  }),
  isActive: Type.Boolean(),
};

const createdProductExample = () => {
  const { _id, createdAt, updatedAt, ...fields } = firstExampleOf(ProductView);
  return fields;
};

const CreateBody = Type.Object(
  {
    name: productFields.name,
    description: Type.Optional(productFields.description),
    price: productFields.price,
    priceUsdt: Type.Optional(productFields.priceUsdt),
    category: productFields.category,
    stock: Type.Optional(productFields.stock),
    image: Type.Optional(productFields.image),
    isActive: Type.Optional(productFields.isActive),
  },
  {
    additionalProperties: false,
    // The product the `Product` example shows, as an admin creates it.
    examples: [createdProductExample()],
  },
);

const PatchBody = Type.Partial(Type.Object(productFields, { additionalProperties: false }), {
  additionalProperties: false,
  minProperties: 1,
  examples: [{ price: 139.95, priceUsdt: 36.5, stock: 40 }],
});

const ProductAnswer = (message: string) =>
  Type.Object(
    { success: Type.Literal(true), message: MessageText(message), product: ProductView },
    { additionalProperties: false },
  );

export const adminProductRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  const catalogue = { products: deps.store.products, clock: deps.clock, ids: deps.ids };
  const base = { preValidation: app.requireAdmin } as const;
  const schemaBase = { tags: ['admin'], security: BEARER_OR_COOKIE };

  app.get(
    '/api/admin/products',
    {
      config: { apiKeyScope: 'products:write' },
      ...base,
      schema: {
        ...schemaBase,
        operationId: 'listAdminProducts',
        summary: 'All products (archived too), newest first; search on name or description, category filter',
        description:
          "For admins: every product, archived ones too, newest first, with the public list's search and category filter; changes nothing.",
        querystring: ProductListQuery,
        response: { 200: ProductListResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const page = normalizePageRequest(request.query.limit, request.query.page);
      if (!page.ok) throw page.error;
      const { search, category } = request.query;
      const listed = await deps.store.products.list(
        { ...(search ? { search } : {}), ...(category ? { category } : {}) },
        page.value,
      );
      return {
        success: true as const,
        products: listed.items.map(presentProduct),
        pagination: presentPagination(listed),
      };
    },
  );

  app.get(
    '/api/admin/products/:id',
    {
      config: { apiKeyScope: 'products:write' },
      ...base,
      schema: {
        ...schemaBase,
        operationId: 'getAdminProduct',
        summary: 'One product, archived or active',
        description:
          'For admins: one product as the admin list shows it, archived ones too (the public `getProduct` answers 404 for those); read from the store on every request, so it shows a change at once; changes nothing.',
        params: IdParams,
        response: {
          200: Type.Object(
            { success: Type.Literal(true), product: ProductView },
            { additionalProperties: false },
          ),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => {
      const found = await findAdminProduct(catalogue, request.params.id);
      if (!found.ok) throw found.error;
      return { success: true as const, product: presentProduct(found.value) };
    },
  );

  app.post(
    '/api/admin/products',
    {
      config: { apiKeyScope: 'products:write' },
      ...base,
      schema: {
        ...schemaBase,
        operationId: 'createProduct',
        summary: 'Create a product',
        description:
          'For admins: adds a product to the catalogue (active unless `isActive` is false, stock 0 unless given) and records it in the audit trail.',
        body: CreateBody,
        response: { 201: ProductAnswer('Product created'), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const created = await createProduct(
        { ...catalogue, actor: actorOf(request) },
        adminOf(request).user.id,
        request.body,
      );
      if (!created.ok) throw created.error;
      return reply
        .status(201)
        .send({ success: true as const, message: 'Product created', product: presentProduct(created.value) });
    },
  );

  app.patch(
    '/api/admin/products/:id',
    {
      config: { apiKeyScope: 'products:write' },
      ...base,
      schema: {
        ...schemaBase,
        operationId: 'updateProduct',
        summary: 'Update any subset of a product’s writable fields',
        description:
          'For admins: changes the fields sent (at least one) and records them, before and after, in the audit trail; the next catalogue request on any instance shows the change.',
        params: IdParams,
        body: PatchBody,
        response: { 200: ProductAnswer('Product updated'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const updated = await updateProduct(
        { ...catalogue, actor: actorOf(request) },
        request.params.id,
        request.body,
      );
      if (!updated.ok) throw updated.error;
      return { success: true as const, message: 'Product updated', product: presentProduct(updated.value) };
    },
  );

  app.delete(
    '/api/admin/products/:id',
    {
      config: { apiKeyScope: 'products:write' },
      ...base,
      schema: {
        ...schemaBase,
        operationId: 'archiveProduct',
        summary: 'Archive a product (isActive false); it stays in this list and in past orders',
        description:
          'For admins: sets `isActive` to false, so the product leaves the public catalogue but stays in the admin list, in past orders and in statistics; recorded in the audit trail.',
        params: IdParams,
        response: { 200: SuccessMessageResponse('Product archived'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const archived = await archiveProduct({ ...catalogue, actor: actorOf(request) }, request.params.id);
      if (!archived.ok) throw archived.error;
      return { success: true as const, message: 'Product archived' };
    },
  );
};
