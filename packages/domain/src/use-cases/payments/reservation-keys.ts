/*
 * Names of reservations (docs/api.md, "Money safety rules"). A stock reservation belongs to one
 * order line; an outgoing reservation to one transfer. Payment and refund keys are per order, so
 * concurrent attempts of one order share a reservation instead of counting twice.
 */

export const stockReservationKey = (orderId: string, lineIndex: number): string => `${orderId}:${lineIndex}`;

export const orderIdOfStockReservation = (key: string): string => key.slice(0, key.indexOf(':'));

export type OutgoingTransfer =
  | { readonly kind: 'payment'; readonly orderId: string }
  | { readonly kind: 'refund'; readonly orderId: string }
  | { readonly kind: 'withdrawal'; readonly withdrawalId: string };

export const outgoingReservationKey = (transfer: OutgoingTransfer): string =>
  transfer.kind === 'withdrawal'
    ? `withdrawal:${transfer.withdrawalId}`
    : `${transfer.kind}:${transfer.orderId}`;

export const outgoingTransferOf = (key: string): OutgoingTransfer | null => {
  const [kind, id] = key.split(':');
  if (!id) return null;
  if (kind === 'payment' || kind === 'refund') return { kind, orderId: id };
  if (kind === 'withdrawal') return { kind, withdrawalId: id };
  return null;
};
