import {
  ERROR_CODES,
  PASSWORD_MIN_LENGTH,
  PAYMENT_FAILURE_REASONS,
  PAYMENT_FAILURE_TEXT,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
} from '@trx-shop/domain';
import { COMPONENT_NAME } from './components.js';
import { DOMAIN_CHECKED } from './domain-checked.js';
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

/** A search on users' usernames and emails: the customer list's and the sales list's. */
export const CustomerSearchText = Type.String({ maxLength: 200 });

export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

/**
 * Decimal text of a positive TRX amount with at most 6 decimals, up to `maxTrx` (a power of ten):
 * no sign, no exponent, no leading zeros, as the domain's amount parser takes it.
 */
const positiveTrxText = (maxTrx: number): string => {
  const digits = String(maxTrx).length - 1;
  if (10 ** digits !== maxTrx) throw new Error(`maxTrx must be a power of ten, got ${maxTrx}`);
  return `^(?:(?!0(?:\\.0{1,6})?$)(?:0|[1-9][0-9]{0,${digits - 1}})(?:\\.[0-9]{1,6})?|${maxTrx}(?:\\.0{1,6})?)$`;
};

/**
 * An amount of TRX as a client sends it: a JSON number or a decimal string, positive, at most 6
 * decimals, at most `maxTrx`. The domain parses it exactly (its own words for each refusal);
 * Ajv's float `multipleOf` would refuse 0.29, so the validator leaves these bounds to it.
 */
export const TrxAmountInput = (
  description: string,
  options: { readonly maxTrx: number; readonly examples?: unknown[] },
) => {
  const { maxTrx, ...rest } = options;
  return Type.Union(
    [
      Type.Number({
        minimum: 0.000001,
        maximum: maxTrx,
        multipleOf: 0.000001,
        [DOMAIN_CHECKED]: ['minimum', 'maximum', 'multipleOf'],
      }),
      Type.String({ maxLength: 32, pattern: positiveTrxText(maxTrx), [DOMAIN_CHECKED]: ['pattern'] }),
    ],
    { description, ...rest },
  );
};

/**
 * An amount of TRX in a query string: the decimal text alone, so the query's type coercion never
 * turns `1e2` into 100 before the domain sees what the client wrote.
 */
export const TrxAmountQuery = (description: string, options: { readonly maxTrx: number }) =>
  Type.String({
    maxLength: 32,
    pattern: positiveTrxText(options.maxTrx),
    [DOMAIN_CHECKED]: ['pattern'],
    description,
    examples: ['24.99'],
  });

/** A username as the domain takes it (it answers a refusal in its own words). */
export const UsernameInput = Type.String({
  minLength: USERNAME_MIN_LENGTH,
  maxLength: 50,
  pattern: USERNAME_PATTERN,
  [DOMAIN_CHECKED]: ['minLength', 'pattern'],
  description: 'letters and digits of any script, `_`, `.` and `-`; unique regardless of case',
});

/** A new password as the domain takes it (it answers a short one in its own words). */
export const PasswordInput = Type.String({
  minLength: PASSWORD_MIN_LENGTH,
  maxLength: 1024,
  [DOMAIN_CHECKED]: ['minLength'],
});

/** A TRON base58 address; the chain adapter checks it, its checksum too (400 INVALID_ADDRESS). */
export const TronAddressInput = (description: string) =>
  Type.String({
    maxLength: 64,
    pattern: '^T[1-9A-HJ-NP-Za-km-z]{33}$',
    [DOMAIN_CHECKED]: ['pattern'],
    description,
    examples: ['TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'],
  });
export const NullableIsoDate = Type.Union([IsoDate, Type.Null()]);

/** Why a transfer failed: PAYMENT_FAILED's `reason`, a failed transaction's `failureReason`. */
export const PaymentFailureReasonSchema = Type.Enum([...PAYMENT_FAILURE_REASONS], {
  description: `why the transfer failed: ${PAYMENT_FAILURE_REASONS.map((reason) => `${reason} (${PAYMENT_FAILURE_TEXT[reason]})`).join('; ')}`,
  'x-enum-descriptions': PAYMENT_FAILURE_REASONS.map((reason) => PAYMENT_FAILURE_TEXT[reason]),
});

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
    reason: Type.Optional(PaymentFailureReasonSchema),
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
