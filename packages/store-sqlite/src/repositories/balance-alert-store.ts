import type { BalanceAlertStore } from '@trx-shop/domain';
import { type Database, immediate } from '../sqlite-database.js';
import { createEventWriter } from './event-writer.js';

export const BALANCE_ALERT_SQL = {
  isLow: 'SELECT low FROM balance_alerts WHERE address = ?',
  /** To low: a new row, or a row that was not low; a row already low is left alone. */
  toLow:
    'INSERT INTO balance_alerts (address, low, changed_at) VALUES (@address, 1, @at) ' +
    'ON CONFLICT (address) DO UPDATE SET low = 1, changed_at = excluded.changed_at WHERE balance_alerts.low = 0',
  /** Back from low: only a row that is low; no row already reads as not low. */
  fromLow: 'UPDATE balance_alerts SET low = 0, changed_at = @at WHERE address = @address AND low = 1',
} as const;

/*
 * Each crossing is one guarded statement in a write transaction with its events: SQLite runs one
 * write transaction at a time on the file, whatever the process, so of two instances recording
 * the same crossing the second matches nothing and logs nothing.
 */
export const createSqliteBalanceAlertStore = (db: Database): BalanceAlertStore => {
  const isLow = db.prepare<[string], { low: number }>(BALANCE_ALERT_SQL.isLow);
  const toLow = db.prepare<[{ address: string; at: number }]>(BALANCE_ALERT_SQL.toLow);
  const fromLow = db.prepare<[{ address: string; at: number }]>(BALANCE_ALERT_SQL.fromLow);
  const logEvents = createEventWriter(db);
  return {
    async isLow(address) {
      return isLow.get(address)?.low === 1;
    },
    async recordLow(address, low, at, events) {
      return immediate(db, () => {
        const changed = (low ? toLow : fromLow).run({ address, at: at.getTime() }).changes === 1;
        if (changed) logEvents(events);
        return changed;
      });
    },
  };
};
