/**
 * The wallet holders' version (docs/performance.md, the deposit scanner). Released
 * like every migration: never edited once shipped.
 *
 * A connection may remember which addresses a holders lookup found held by no one while this one
 * row is unchanged. Only a write that gives an address a holder can make such an answer wrong: a
 * user inserted with a wallet, or a wallet address set or changed. Triggers move the row in the
 * same transaction as each of those, so no write path, no crash and no second process can give
 * an address a holder without moving it. A user's deletion only takes a holder away, and nothing
 * remembered says an address is held. `epoch` is random per database, so a database replaced
 * under a running process never repeats a version it had.
 */
export function walletHoldersVersionMigration(): string {
  const bump = 'UPDATE wallet_holders_version SET version = version + 1 WHERE id = 1;';
  return `
  CREATE TABLE wallet_holders_version (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    epoch TEXT NOT NULL,
    version INTEGER NOT NULL
  );
  INSERT INTO wallet_holders_version (id, epoch, version) VALUES (1, lower(hex(randomblob(6))), 0);

  CREATE TRIGGER users_wallet_holders_insert AFTER INSERT ON users
    WHEN NEW.wallet_address IS NOT NULL
  BEGIN
    ${bump}
  END;
  CREATE TRIGGER users_wallet_holders_update AFTER UPDATE OF wallet_address ON users
    WHEN NEW.wallet_address IS NOT NULL AND OLD.wallet_address IS NOT NEW.wallet_address
  BEGIN
    ${bump}
  END;
  `;
}
