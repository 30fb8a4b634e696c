export type Checked<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: string };

/**
 * A refund amount as typed: empty means everything left; otherwise a decimal above 0 with at most
 * 6 decimals (a SUN is a millionth of a TRX), kept as text so the API reads exactly what was typed.
 * The API still decides; this only spares a round trip for what it would refuse anyway.
 */
export const checkRefundAmount = (typed: string): Checked<string | undefined> => {
  const amount = typed.trim();
  if (amount === '') return { ok: true, value: undefined };
  if (!/^\d+(\.\d+)?$/.test(amount)) return { ok: false, error: 'Enter an amount in TRX, like 1.5' };
  if (!/^\d+(\.\d{1,6})?$/.test(amount)) return { ok: false, error: 'TRX has at most 6 decimals' };
  if (!/[1-9]/.test(amount)) return { ok: false, error: 'The amount must be above 0' };
  return { ok: true, value: amount };
};

/** A TRON transaction id: 64 hexadecimal characters. */
export const checkTxid = (typed: string): Checked<string> => {
  const txid = typed.trim();
  return /^[0-9a-fA-F]{64}$/.test(txid)
    ? { ok: true, value: txid }
    : { ok: false, error: 'A txid is 64 hexadecimal characters (0-9, a-f)' };
};
