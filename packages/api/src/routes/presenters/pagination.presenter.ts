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

/**
 * Integers without bounds: the domain clamps them (docs/api.md, "Lists"). The query validator
 * takes only decimal digits for them (src/http/validation.ts), so `0x10` or `1e2` stay refused.
 */
export const PageQueryFields = {
  limit: Type.Optional(Type.Integer({ description: 'default 10, clamped to 1..100', examples: [10] })),
  page: Type.Optional(Type.Integer({ description: 'default 1, values below 1 read as 1', examples: [1] })),
};
