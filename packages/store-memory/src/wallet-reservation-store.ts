import type { WalletReservationStore } from '@trx-shop/domain';
import type { Tables } from './tables.js';

export const createMemoryWalletReservationStore = ({
  walletReservations,
}: Pick<Tables, 'walletReservations'>): WalletReservationStore => {
  const sumOf = (address: string) => {
    let sum = 0;
    for (const held of walletReservations.get(address)?.values() ?? []) sum += held.amountSun;
    return sum;
  };
  return {
    async reserve(reservation, limitSun) {
      const held = walletReservations.get(reservation.address) ?? new Map();
      if (held.has(reservation.key)) return true;
      if (sumOf(reservation.address) + reservation.amountSun > limitSun) return false;
      held.set(reservation.key, { amountSun: reservation.amountSun, reservedAt: reservation.reservedAt });
      walletReservations.set(reservation.address, held);
      return true;
    },
    async release(address, key) {
      walletReservations.get(address)?.delete(key);
    },
    async reservedSun(address) {
      return sumOf(address);
    },
    async listBefore(before, limit) {
      return [...walletReservations.entries()]
        .flatMap(([address, held]) => [...held.entries()].map(([key, entry]) => ({ address, key, ...entry })))
        .filter((reservation) => reservation.reservedAt.getTime() < before.getTime())
        .sort((a, b) => a.reservedAt.getTime() - b.reservedAt.getTime())
        .slice(0, limit);
    },
  };
};
