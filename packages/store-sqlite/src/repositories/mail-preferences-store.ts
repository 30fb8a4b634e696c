import type { MailPreferences, MailPreferencesStore } from '@trx-shop/domain';
import { type Database, flag } from '../sqlite-database.js';

interface MailPreferencesRow {
  user_id: string;
  receipts: number;
  alert_order_paid: number;
  alert_reconciliation: number;
  alert_webhook_disabled: number;
  alert_low_balance: number;
}

const COLUMNS =
  'user_id, receipts, alert_order_paid, alert_reconciliation, alert_webhook_disabled, alert_low_balance';

export const MAIL_PREFERENCES_SQL = {
  /** The ids come as one JSON array, so any batch is one statement prepared once. */
  byUserIds: `SELECT ${COLUMNS} FROM mail_preferences WHERE user_id IN (SELECT value FROM json_each(?))`,
  save:
    `INSERT INTO mail_preferences (${COLUMNS}, updated_at) VALUES ` +
    '(@user_id, @receipts, @alert_order_paid, @alert_reconciliation, @alert_webhook_disabled, @alert_low_balance, @updated_at) ' +
    'ON CONFLICT (user_id) DO UPDATE SET receipts = excluded.receipts, alert_order_paid = excluded.alert_order_paid, ' +
    'alert_reconciliation = excluded.alert_reconciliation, alert_webhook_disabled = excluded.alert_webhook_disabled, ' +
    'alert_low_balance = excluded.alert_low_balance, updated_at = excluded.updated_at',
} as const;

const fromRow = (row: MailPreferencesRow): MailPreferences => ({
  receipts: row.receipts === 1,
  alerts: {
    orderPaid: row.alert_order_paid === 1,
    reconciliation: row.alert_reconciliation === 1,
    webhookDisabled: row.alert_webhook_disabled === 1,
    lowBalance: row.alert_low_balance === 1,
  },
});

export const createSqliteMailPreferencesStore = (db: Database): MailPreferencesStore => {
  const byUserIds = db.prepare<[string], MailPreferencesRow>(MAIL_PREFERENCES_SQL.byUserIds);
  const save = db.prepare<[Record<string, unknown>]>(MAIL_PREFERENCES_SQL.save);
  return {
    async findMany(userIds) {
      if (userIds.length === 0) return new Map();
      return new Map(byUserIds.all(JSON.stringify(userIds)).map((row) => [row.user_id, fromRow(row)]));
    },
    async save(userId, preferences, at) {
      save.run({
        user_id: userId,
        receipts: flag(preferences.receipts),
        alert_order_paid: flag(preferences.alerts.orderPaid),
        alert_reconciliation: flag(preferences.alerts.reconciliation),
        alert_webhook_disabled: flag(preferences.alerts.webhookDisabled),
        alert_low_balance: flag(preferences.alerts.lowBalance),
        updated_at: at.getTime(),
      });
    },
  };
};
