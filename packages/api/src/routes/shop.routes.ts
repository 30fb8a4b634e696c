import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CURRENCIES } from '@trx-shop/domain';
import { Type } from 'typebox';
import { OneOf } from '../http/schemas.js';
import type { RouteOptions } from './route-options.js';

const CurrenciesResponse = Type.Object(
  {
    success: Type.Literal(true),
    currencies: Type.Array(OneOf(CURRENCIES), {
      minItems: 1,
      uniqueItems: true,
      description: 'the currencies the shop sells in (ACCEPTED_CURRENCIES), TRX first when accepted',
    }),
  },
  { additionalProperties: false, examples: [{ success: true, currencies: ['TRX', 'USDT'] }] },
);

/** What a storefront needs to know about the shop before it shows a price. */
export const shopRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  const currencies = deps.acceptedCurrencies ?? CURRENCIES;

  app.get(
    '/api/shop/currencies',
    {
      schema: {
        tags: ['shop'],
        operationId: 'listAcceptedCurrencies',
        summary: 'The currencies the shop accepts',
        description:
          'Public and read-only: the currencies this shop sells in, as its ACCEPTED_CURRENCIES setting names them (TRX, USDT, or both). Takes no query parameters.',
        querystring: Type.Object({}, { additionalProperties: false }),
        response: { 200: CurrenciesResponse },
      },
    },
    async () => ({ success: true as const, currencies: [...currencies] }),
  );
};
