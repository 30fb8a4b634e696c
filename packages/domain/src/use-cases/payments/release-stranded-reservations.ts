import type { PaymentDeps } from './payment-deps.js';
import { outgoingStillNeeded } from './outgoing-reservations.js';
import { orderIdOfStockReservation, outgoingTransferOf } from './reservation-keys.js';
import { orderNeedsStock } from './stock-reservations.js';

/**
 * How long a reservation may wait for its transfer to be claimed. A pay attempt that reserved and
 * then failed before its claim (node unreachable, a crash) leaves its reservation behind; concurrent
 * attempts of one order share it, so only this sweep, after the grace period, may judge it unused.
 */
export const RESERVATION_GRACE_MS = 2 * 60 * 1000;

const BATCH = 500;

export interface ReleasedReservations {
  readonly stock: number;
  readonly outgoing: number;
}

/** Part of every settlement run: frees stock and wallet reservations whose transfer is gone or settled. */
export const releaseStrandedReservations = async (
  deps: Pick<PaymentDeps, 'store' | 'clock' | 'logger'>,
  graceMs = RESERVATION_GRACE_MS,
): Promise<ReleasedReservations> => {
  const { products, orders, walletReservations } = deps.store;
  const before = new Date(deps.clock.now().getTime() - graceMs);
  let stock = 0;
  for (const reservation of await products.listStockReservations(before, BATCH)) {
    const order = await orders.findById(orderIdOfStockReservation(reservation.key));
    if (orderNeedsStock(order)) continue;
    await products.releaseStock(reservation.productId, reservation.key);
    stock += 1;
  }
  let outgoing = 0;
  for (const reservation of await walletReservations.listBefore(before, BATCH)) {
    const transfer = outgoingTransferOf(reservation.key);
    if (!transfer) {
      deps.logger.warn({ key: reservation.key }, 'outgoing reservation with an unknown key kept');
      continue;
    }
    if (await outgoingStillNeeded(deps, transfer)) continue;
    await walletReservations.release(reservation.address, reservation.key);
    outgoing += 1;
  }
  return { stock, outgoing };
};
