import { randomBytes } from 'node:crypto';
import { describe, inject, it } from 'vitest';
import './provided-context.js';

/** The URI the global setup provided, or null when no MongoDB could be started. */
export const mongoUri = (): string | null => inject('mongoUri');

/** A database name no other test uses: every store under test starts empty. */
export const freshDatabaseName = (label: string): string =>
  `t_${label.replace(/[^a-z0-9]/gi, '_').slice(0, 20)}_${randomBytes(6).toString('hex')}`;

/**
 * `describe` when a MongoDB is available; else the block shows one skipped test whose title is
 * the reason, so a skipped run says why (the global setup also printed it).
 */
export const describeWithMongo = (name: string, body: (uri: string) => void): void => {
  const uri = mongoUri();
  if (uri === null) {
    describe(name, () => {
      it.skip(`needs a MongoDB: ${inject('mongoSkipReason')}`, () => {});
    });
    return;
  }
  describe(name, () => body(uri));
};
