import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { domainError, normalizePageRequest, PRODUCT_CATEGORIES } from '@trx-shop/domain';
import { Type } from 'typebox';
import { createAnswersAtVersion } from '../caching/answers-at-version.js';
import { errorResponses, IdParams, OneOf } from '../http/schemas.js';
import { NotModified, sendCatalogueAnswer } from './catalogue-answer.js';
import { PageQueryFields, PaginationView, presentPagination } from './presenters/pagination.presenter.js';
import { ProductView, presentProduct } from './presenters/product.presenter.js';
import type { RouteOptions } from './route-options.js';

export const CategoryQuery = Type.Optional(OneOf(PRODUCT_CATEGORIES));

export const ProductListQuery = Type.Object(
  { search: Type.Optional(Type.String({ maxLength: 200 })), category: CategoryQuery, ...PageQueryFields },
  { additionalProperties: false },
);

export const ProductListResponse = Type.Object(
  { success: Type.Literal(true), products: Type.Array(ProductView), pagination: PaginationView },
  { additionalProperties: false },
);

/** The public catalogue: active products only. */
export const productRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  // Per instance; exact across instances because every entry is filed under the store's version.
  const catalogue = {
    version: () => deps.store.versions.current({ kind: 'catalogue' }),
    answers: createAnswersAtVersion({ maxEntries: 512 }),
    metrics: deps.metrics,
  };

  app.get(
    '/api/products',
    {
      schema: {
        tags: ['products'],
        operationId: 'listProducts',
        summary: 'Active products, newest first; search on name or description, category filter',
        description:
          "Public and read-only: the active products, newest first, with a case-insensitive search in name and description and a category filter. The answer carries the catalogue's ETag: send it back as If-None-Match for a 304 while nothing changed.",
        querystring: ProductListQuery,
        response: { 200: ProductListResponse, 304: NotModified },
      },
    },
    async (request, reply) => {
      const page = normalizePageRequest(request.query.limit, request.query.page);
      if (!page.ok) throw page.error;
      const { search, category } = request.query;
      const key = JSON.stringify(['list', page.value.page, page.value.limit, category ?? '', search ?? '']);
      return sendCatalogueAnswer(catalogue, request, reply, key, async () => {
        const listed = await deps.store.products.list(
          { activeOnly: true, ...(search ? { search } : {}), ...(category ? { category } : {}) },
          page.value,
        );
        return {
          success: true as const,
          products: listed.items.map(presentProduct),
          pagination: presentPagination(listed),
        };
      });
    },
  );

  app.get(
    '/api/products/:id',
    {
      schema: {
        tags: ['products'],
        operationId: 'getProduct',
        summary: 'One active product',
        description:
          "Public and read-only: one active product (an archived or unknown id answers 404), with the catalogue's ETag for If-None-Match.",
        params: IdParams,
        response: {
          200: Type.Object(
            { success: Type.Literal(true), product: ProductView },
            { additionalProperties: false },
          ),
          304: NotModified,
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) =>
      sendCatalogueAnswer(
        catalogue,
        request,
        reply,
        JSON.stringify(['product', request.params.id]),
        async () => {
          // Not found is thrown, so never cached: a product made later is found at once.
          const product = await deps.store.products.findById(request.params.id);
          if (!product?.isActive) throw domainError('PRODUCT_NOT_FOUND', 'Product not found');
          return { success: true as const, product: presentProduct(product) };
        },
      ),
  );
};
