/*
 * Names of reservations (docs/api.md, "Money safety rules"). A stock reservation belongs to one
 * order line; an outgoing reservation to one transfer. Payment keys are per order, so concurrent
 * attempts to pay one order share a reservation instead of counting twice; refund keys are per
 * refund, since several refunds of one order may be in flight at once.
 */

export const stockReservationKey = (orderId: string, lineIndex: number): string => `${orderId}:${lineIndex}`;

export const orderIdOfStockReservation = (key: string): string => key.slice(0, key.indexOf(':'));

export type OutgoingTransfer =
  | { readonly kind: 'payment'; readonly orderId: string }
  /** `refundId` is absent only in keys written before partial refunds (one refund per order). */
  | { readonly kind: 'refund'; readonly orderId: string; readonly refundId?: string }
  | { readonly kind: 'withdrawal'; readonly withdrawalId: string };

export const outgoingReservationKey = (transfer: OutgoingTransfer): string => {
  if (transfer.kind === 'withdrawal') return `withdrawal:${transfer.withdrawalId}`;
  if (transfer.kind === 'refund' && transfer.refundId !== undefined) {
    return `refund:${transfer.orderId}:${transfer.refundId}`;
  }
  return `${transfer.kind}:${transfer.orderId}`;
};

export const outgoingTransferOf = (key: string): OutgoingTransfer | null => {
  const [kind, id, refundId] = key.split(':');
  if (!id) return null;
  if (kind === 'payment') return { kind, orderId: id };
  if (kind === 'refund') return refundId ? { kind, orderId: id, refundId } : { kind, orderId: id };
  if (kind === 'withdrawal') return { kind, withdrawalId: id };
  return null;
};
