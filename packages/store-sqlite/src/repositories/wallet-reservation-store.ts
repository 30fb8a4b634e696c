import type { OutgoingReservation, WalletReservationStore } from '@trx-shop/domain';
import { type Database, immediate } from '../sqlite-database.js';

interface WalletReservationRow {
  address: string;
  reservation_key: string;
  amount_sun: number;
  reserved_at: number;
}

const reservationFromRow = (row: WalletReservationRow): OutgoingReservation => ({
  address: row.address,
  key: row.reservation_key,
  amountSun: row.amount_sun,
  reservedAt: new Date(row.reserved_at),
});

/**
 * The check "reservations + this one <= balance" and the insert run in one IMMEDIATE
 * transaction: the write lock makes them one step against every other connection and process.
 */
export const createSqliteWalletReservationStore = (db: Database): WalletReservationStore => {
  const held = db.prepare<[string, string], { amount_sun: number }>(
    'SELECT amount_sun FROM wallet_reservations WHERE address = ? AND reservation_key = ?',
  );
  const sum = db.prepare<[string], { total: number }>(
    'SELECT COALESCE(SUM(amount_sun), 0) AS total FROM wallet_reservations WHERE address = ?',
  );
  const insert = db.prepare(
    'INSERT INTO wallet_reservations (address, reservation_key, amount_sun, reserved_at) VALUES (?, ?, ?, ?)',
  );
  const remove = db.prepare('DELETE FROM wallet_reservations WHERE address = ? AND reservation_key = ?');
  const before = db.prepare<[number, number], WalletReservationRow>(
    'SELECT * FROM wallet_reservations WHERE reserved_at < ? ORDER BY reserved_at LIMIT ?',
  );

  return {
    async reserve(reservation, limitSun) {
      return immediate(db, () => {
        if (held.get(reservation.address, reservation.key)) return true;
        const reserved = sum.get(reservation.address)?.total ?? 0;
        if (reserved + reservation.amountSun > limitSun) return false;
        insert.run(
          reservation.address,
          reservation.key,
          reservation.amountSun,
          reservation.reservedAt.getTime(),
        );
        return true;
      });
    },

    async release(address, key) {
      remove.run(address, key);
    },

    async reservedSun(address) {
      return sum.get(address)?.total ?? 0;
    },

    async listBefore(beforeDate, limit) {
      return before.all(beforeDate.getTime(), limit).map(reservationFromRow);
    },
  };
};
