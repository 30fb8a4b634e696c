import { INCOMING_TYPES, OUTGOING_TYPES, type WalletMovementQuery } from '@trx-shop/domain';

const quoted = (types: readonly string[]) => types.map((type) => `'${type}'`).join(', ');
const INCOMING = `to_address = @address AND type IN (${quoted(INCOMING_TYPES)})`;
const OUTGOING = `from_address = @address AND type IN (${quoted(OUTGOING_TYPES)})`;

/**
 * A wallet's movements are two index ranges, not one: what came in (by `to_address`) and what
 * went out (by `from_address`). Each side walks its own covering index (`transactions_to_movements`,
 * `transactions_from_movements`) in
 * (created_at, id) order, so a page reads only its rows and a sum reads no table row at all; an
 * OR of the two would sort every movement for each page. A line on both sides (a wallet paying
 * itself) is an incoming movement, as the domain's `movementOf` says, so only that side has it.
 */
const SIDES = [INCOMING, `${OUTGOING} AND NOT (${INCOMING})`] as const;

const queryConditions = (query: WalletMovementQuery): string[] => [
  ...(query.type === undefined ? [] : ['type = @type']),
  ...(query.status === undefined ? [] : ['status = @status']),
  ...(query.from === undefined ? [] : ['created_at >= @from']),
  ...(query.to === undefined ? [] : ['created_at < @to']),
];

export const movementParams = (address: string, query: WalletMovementQuery) => ({
  address,
  ...(query.type === undefined ? {} : { type: query.type }),
  ...(query.status === undefined ? {} : { status: query.status }),
  ...(query.from === undefined ? {} : { from: query.from.getTime() }),
  ...(query.to === undefined ? {} : { to: query.to.getTime() }),
});

const where = (side: string, conditions: readonly string[]) => [side, ...conditions].join(' AND ');

/** Newest first: each side's newest `@window` rows (offset + limit), merged, then the page. */
export const movementPageSql = (query: WalletMovementQuery): string => {
  const conditions = queryConditions(query);
  const sides = SIDES.map(
    (side) =>
      `SELECT * FROM (SELECT * FROM transactions WHERE ${where(side, conditions)} ` +
      'ORDER BY created_at DESC, id DESC LIMIT @window)',
  );
  return `${sides.join(' UNION ALL ')} ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset`;
};

export const movementCountSql = (query: WalletMovementQuery): string => {
  const conditions = queryConditions(query);
  const counts = SIDES.map((side) => `(SELECT COUNT(*) FROM transactions WHERE ${where(side, conditions)})`);
  return `SELECT ${counts.join(' + ')} AS n`;
};

/** Oldest first, after the keyset position (@t, @id): one export batch. */
export const movementBatchSql = (): string => {
  const sides = SIDES.map(
    (side) =>
      `SELECT * FROM (SELECT * FROM transactions WHERE ${side} AND (created_at, id) > (@t, @id) ` +
      'ORDER BY created_at, id LIMIT @limit)',
  );
  return `${sides.join(' UNION ALL ')} ORDER BY created_at, id LIMIT @limit`;
};

/** In, out (fees apart) and fees of the query's movements, whatever their status: one pass per side. */
export const movementTotalsSql = (query: WalletMovementQuery): string => {
  const conditions = queryConditions(query);
  const [incoming, outgoing] = SIDES;
  return (
    `SELECT received.in_sun, sent.out_sun, sent.fees_sun FROM ` +
    `(SELECT COALESCE(SUM(amount_sun), 0) AS in_sun FROM transactions WHERE ${where(incoming, conditions)}) AS received, ` +
    "(SELECT COALESCE(SUM(CASE WHEN type <> 'fee' THEN amount_sun END), 0) AS out_sun, " +
    "COALESCE(SUM(CASE WHEN type = 'fee' THEN amount_sun END), 0) AS fees_sun " +
    `FROM transactions WHERE ${where(outgoing, conditions)}) AS sent`
  );
};

/** In minus out of the confirmed movements, optionally through (@t, @id) and after (@at, @aid). */
export const confirmedNetSql = (bounded: { readonly through: boolean; readonly after: boolean }): string => {
  const conditions = [
    "status = 'confirmed'",
    ...(bounded.through ? ['(created_at, id) <= (@t, @id)'] : []),
    ...(bounded.after ? ['(created_at, id) > (@at, @aid)'] : []),
  ];
  const [incoming, outgoing] = SIDES;
  return (
    `SELECT (SELECT COALESCE(SUM(amount_sun), 0) FROM transactions WHERE ${where(incoming, conditions)}) - ` +
    `(SELECT COALESCE(SUM(amount_sun), 0) FROM transactions WHERE ${where(outgoing, conditions)}) AS net`
  );
};
