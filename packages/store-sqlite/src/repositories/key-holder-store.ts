import type { KeyHolder, KeyHolderStore } from '@trx-shop/domain';
import type { Database } from '../sqlite-database.js';

interface KeyHolderRow {
  readonly id: string;
  readonly kind: KeyHolder['kind'];
  readonly seals_with: string;
  readonly opens: string;
  readonly expires_at: number;
}

/** Key ids are `k` and hex digits, so a comma never occurs in one. */
const toRow = (holder: KeyHolder) => ({
  id: holder.id,
  kind: holder.kind,
  seals_with: holder.sealsWith,
  opens: holder.opens.join(','),
  expires_at: holder.expiresAt.getTime(),
});

const fromRow = (row: KeyHolderRow): KeyHolder => ({
  id: row.id,
  kind: row.kind,
  sealsWith: row.seals_with,
  opens: row.opens === '' ? [] : row.opens.split(','),
  expiresAt: new Date(row.expires_at),
});

/** A handful of rows (one per running process); each announcement also drops the expired ones. */
export const createSqliteKeyHolderStore = (db: Database): KeyHolderStore => {
  const forgetExpired = db.prepare<[number]>('DELETE FROM key_holders WHERE expires_at <= ?');
  const upsert = db.prepare<[ReturnType<typeof toRow>]>(
    'INSERT INTO key_holders (id, kind, seals_with, opens, expires_at) ' +
      'VALUES (@id, @kind, @seals_with, @opens, @expires_at) ' +
      'ON CONFLICT (id) DO UPDATE SET kind = excluded.kind, seals_with = excluded.seals_with, ' +
      'opens = excluded.opens, expires_at = excluded.expires_at',
  );
  const withdraw = db.prepare<[string]>('DELETE FROM key_holders WHERE id = ?');
  const live = db.prepare<[number], KeyHolderRow>(
    'SELECT id, kind, seals_with, opens, expires_at FROM key_holders WHERE expires_at > ? ORDER BY id',
  );
  const announce = db.transaction((holder: KeyHolder, now: Date) => {
    forgetExpired.run(now.getTime());
    upsert.run(toRow(holder));
  });
  return {
    async announce(holder, now) {
      announce.immediate(holder, now);
    },
    async withdraw(id) {
      withdraw.run(id);
    },
    async listLive(now) {
      return live.all(now.getTime()).map(fromRow);
    },
  };
};
