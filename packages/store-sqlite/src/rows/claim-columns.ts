import type { TransferClaim } from '@trx-shop/domain';

/** A transfer claim spread over real columns (state and recorded are filtered on). */
export interface ClaimColumns {
  tx_id: string | null;
  signed_transaction: string | null;
  from_address: string | null;
  to_address: string | null;
  amount_sun: number | null;
  expires_at: number | null;
  claimed_at: number | null;
  state: string | null;
  recorded: number | null;
}

const CLAIM_STATES = ['pending', 'confirmed', 'failed'] as const;
type ClaimState = (typeof CLAIM_STATES)[number];
const isClaimState = (value: unknown): value is ClaimState =>
  typeof value === 'string' && (CLAIM_STATES as readonly string[]).includes(value);

export const claimFromColumns = (columns: ClaimColumns): TransferClaim | null => {
  if (columns.tx_id === null) return null;
  if (!isClaimState(columns.state))
    throw new Error(`claim ${columns.tx_id} has unknown state ${columns.state}`);
  return {
    txId: columns.tx_id,
    signedTransaction: columns.signed_transaction ?? '',
    fromAddress: columns.from_address ?? '',
    toAddress: columns.to_address ?? '',
    amountSun: columns.amount_sun ?? 0,
    expiresAt: new Date(columns.expires_at ?? 0),
    claimedAt: new Date(columns.claimed_at ?? 0),
    state: columns.state,
    recorded: columns.recorded === 1,
  };
};

export const claimToColumns = (claim: TransferClaim | null): ClaimColumns => ({
  tx_id: claim?.txId ?? null,
  signed_transaction: claim?.signedTransaction ?? null,
  from_address: claim?.fromAddress ?? null,
  to_address: claim?.toAddress ?? null,
  amount_sun: claim?.amountSun ?? null,
  expires_at: claim?.expiresAt.getTime() ?? null,
  claimed_at: claim?.claimedAt.getTime() ?? null,
  state: claim?.state ?? null,
  recorded: claim === null ? null : claim.recorded ? 1 : 0,
});

/** The column names of the payment claim on `orders`: `payment_tx_id`, ... (refunds have their own table). */
export const claimColumnNames = (prefix: 'payment'): string[] =>
  Object.keys(claimToColumns(null)).map((name) => `${prefix}_${name}`);

export const prefixed = (prefix: string, columns: ClaimColumns): Record<string, unknown> =>
  Object.fromEntries(Object.entries(columns).map(([name, value]) => [`${prefix}_${name}`, value]));

export const unprefixed = (prefix: string, row: Readonly<Record<string, unknown>>): ClaimColumns => {
  const pick = <T>(name: keyof ClaimColumns): T => row[`${prefix}_${name}`] as T;
  return {
    tx_id: pick('tx_id'),
    signed_transaction: pick('signed_transaction'),
    from_address: pick('from_address'),
    to_address: pick('to_address'),
    amount_sun: pick('amount_sun'),
    expires_at: pick('expires_at'),
    claimed_at: pick('claimed_at'),
    state: pick('state'),
    recorded: pick('recorded'),
  };
};
