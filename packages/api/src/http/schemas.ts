import { ERROR_CODES } from '@trx-shop/domain';
import { COMPONENT_NAME } from './components.js';
import { ERROR_DESCRIPTIONS } from './error-descriptions.js';
import { Type } from 'typebox';

/** 24 lowercase hex characters; a malformed id is answered 400 INVALID_ID by the error handler. */
export const ObjectIdString = Type.String({
  pattern: '^[0-9a-f]{24}$',
  description: '24-hex object id',
  examples: ['6760c0f4a1b2c3d4e5f60718'],
});
export const IdParams = Type.Object({ id: ObjectIdString }, { additionalProperties: false });

export const IsoDate = Type.String({ format: 'date-time' });

export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

/** An amount of TRX as a client sends it: a JSON number or a decimal string (parsed exactly by the domain). */
export const TrxAmountInput = (description: string, options: { readonly examples?: unknown[] } = {}) =>
  Type.Union([Type.Number(), Type.String({ maxLength: 32 })], { description, ...options });
export const NullableIsoDate = Type.Union([IsoDate, Type.Null()]);

export const ErrorResponse = Type.Object(
  {
    success: Type.Optional(Type.Literal(false)),
    error: Type.String(),
    code: Type.Enum([...ERROR_CODES], {
      description: `stable UPPER_SNAKE error code: ${ERROR_CODES.map((code) => `${code} (${ERROR_DESCRIPTIONS[code]})`).join('; ')}`,
      'x-enum-descriptions': ERROR_CODES.map((code) => ERROR_DESCRIPTIONS[code]),
    }),
    details: Type.Optional(
      Type.Array(
        Type.Object({ field: Type.String(), message: Type.String() }, { additionalProperties: false }),
      ),
    ),
    pendingOrderId: Type.Optional(Type.String()),
    userBalance: Type.Optional(Type.Number()),
    requiredAmount: Type.Optional(Type.Number()),
    estimatedFee: Type.Optional(Type.Number()),
    adminBalance: Type.Optional(Type.Number()),
    refundable: Type.Optional(Type.Number({ description: 'TRX of the order still refundable' })),
    reason: Type.Optional(Type.String()),
    requiredScope: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description: 'INSUFFICIENT_SCOPE: the scope the route needs; null where API keys cannot go',
      }),
    ),
  },
  {
    additionalProperties: false,
    $id: 'ErrorResponse',
    [COMPONENT_NAME]: 'Error',
    description: 'Every error answer',
  },
);

/** The body of a write route that takes none: absent, `{}`, and nothing else. */
export const NoBody = Type.Object(
  {},
  {
    additionalProperties: false,
    description: 'No body is taken: send none, or {}; any field is refused',
    [COMPONENT_NAME]: 'NoBody',
    examples: [{}],
  },
);

/** A human-readable confirmation; `text` is what the route answers, shown as the example. */
export const MessageText = (text: string) => Type.String({ examples: [text] });

export const MessageResponse = (text: string) =>
  Type.Object({ message: MessageText(text) }, { additionalProperties: false });
export const SuccessMessageResponse = (text: string) =>
  Type.Object({ success: Type.Literal(true), message: MessageText(text) }, { additionalProperties: false });

/** The 200 answer of a CSV export, with an example file (the header line and a row). */
export const CsvFileResponse = (example: string) => ({
  description: 'CSV file (text/csv; charset=utf-8, CRLF line ends, every cell double-quoted)',
  content: { 'text/csv': { schema: Type.String(), example } },
});

/** Statuses any route can answer: bad input, body limits, rate limiting and server faults. */
export const ALWAYS_POSSIBLE_STATUSES = [400, 413, 415, 429, 500] as const;

/** Response entries for the given error statuses, all with the shared error body. */
export const errorResponses = (...statuses: readonly number[]): Record<number, typeof ErrorResponse> =>
  Object.fromEntries(statuses.map((status) => [status, ErrorResponse]));

/** Exactly the domain's values of an enumeration, so schemas never restate them. */
export const OneOf = <Values extends string[]>(
  values: readonly [...Values],
  options: { description?: string } = {},
) => Type.Enum(values, options);
