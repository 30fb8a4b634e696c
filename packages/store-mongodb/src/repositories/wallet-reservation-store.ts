import type { WalletReservationStore } from '@trx-shop/domain';
import type { ShopCollections } from '../collections.js';
import { isDuplicateKey } from '../duplicate-key.js';

/** Far above any real contention (each retry means another writer changed the wallet meanwhile). */
const MAX_ATTEMPTS = 1_000;

/*
 * One document per wallet address holds its reservations and their sum, so "sum + amount <=
 * balance" and the hold are one guarded single-document write (no transaction needed).
 */
export const createMongoWalletReservationStore = ({
  walletReservations,
}: Pick<ShopCollections, 'walletReservations'>): WalletReservationStore => {
  const ensureWallet = async (address: string): Promise<void> => {
    try {
      await walletReservations.updateOne(
        { _id: address },
        { $setOnInsert: { reservedSun: 0, reservations: [] } },
        { upsert: true },
      );
    } catch (error) {
      // Two first reservations of one wallet at once: the other upsert created it.
      if (!isDuplicateKey(error)) throw error;
    }
  };

  return {
    async reserve(reservation, limitSun) {
      await ensureWallet(reservation.address);
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
        const wallet = await walletReservations.findOne({ _id: reservation.address });
        if (!wallet) throw new Error(`wallet reservations of ${reservation.address} vanished`);
        if (wallet.reservations.some((entry) => entry.key === reservation.key)) return true;
        if (wallet.reservedSun + reservation.amountSun > limitSun) return false;
        const written = await walletReservations.updateOne(
          {
            _id: reservation.address,
            reservedSun: wallet.reservedSun,
            'reservations.key': { $ne: reservation.key },
          },
          {
            $inc: { reservedSun: reservation.amountSun },
            $push: {
              reservations: {
                key: reservation.key,
                amountSun: reservation.amountSun,
                reservedAt: reservation.reservedAt,
              },
            },
          },
        );
        if (written.matchedCount === 1) return true;
      }
      throw new Error(
        `reservation ${reservation.key} on ${reservation.address} kept losing its compare-and-set`,
      );
    },

    async release(address, key) {
      const wallet = await walletReservations.findOne({ _id: address, 'reservations.key': key });
      const entry = wallet?.reservations.find((candidate) => candidate.key === key);
      if (!entry) return;
      // Guarded on the entry itself: of two concurrent releases, one decrements.
      await walletReservations.updateOne(
        { _id: address, reservations: { $elemMatch: { key, amountSun: entry.amountSun } } },
        { $inc: { reservedSun: -entry.amountSun }, $pull: { reservations: { key } } },
      );
    },

    async reservedSun(address) {
      return (await walletReservations.findOne({ _id: address }))?.reservedSun ?? 0;
    },

    async listBefore(before, limit) {
      const wallets = await walletReservations.find({ 'reservations.reservedAt': { $lt: before } }).toArray();
      return wallets
        .flatMap((wallet) =>
          wallet.reservations
            .filter((entry) => entry.reservedAt.getTime() < before.getTime())
            .map((entry) => ({ address: wallet._id, ...entry })),
        )
        .sort((a, b) => a.reservedAt.getTime() - b.reservedAt.getTime())
        .slice(0, limit);
    },
  };
};
