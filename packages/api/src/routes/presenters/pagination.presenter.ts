import { COMPONENT_NAME } from '../../http/components.js';
import type { Page } from '@trx-shop/domain';
import { Type } from 'typebox';

export const PaginationView = Type.Object(
  { total: Type.Integer(), page: Type.Integer(), pages: Type.Integer(), limit: Type.Integer() },
  {
    additionalProperties: false,
    [COMPONENT_NAME]: 'Pagination',
    examples: [{ total: 42, page: 1, pages: 5, limit: 10 }],
  },
);

export const presentPagination = (page: Page<unknown>) => ({
  total: page.total,
  page: page.page,
  pages: page.pages,
  limit: page.limit,
});

/** `limit` and `page` arrive as text; the domain clamps them, so the schema only requires digits. */
export const PageQueryFields = {
  limit: Type.Optional(
    Type.String({ pattern: '^-?\\d{1,15}$', description: 'default 10, clamped to 1..100' }),
  ),
  page: Type.Optional(Type.String({ pattern: '^-?\\d{1,15}$', description: 'default 1, minimum 1' })),
};
