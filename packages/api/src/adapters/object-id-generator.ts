import { randomBytes } from 'node:crypto';
import type { IdGenerator } from '@trx-shop/domain';

/**
 * MongoDB-style object ids (4-byte seconds, 5 random bytes per process, 3-byte counter) as 24 hex
 * characters: unique across processes and roughly ordered by creation time in both stores.
 */
export const createObjectIdGenerator = (): IdGenerator => {
  const processPart = randomBytes(5).toString('hex');
  let counter = randomBytes(3).readUIntBE(0, 3);
  return {
    newId: () => {
      counter = (counter + 1) % 0x1000000;
      const seconds = Math.floor(Date.now() / 1000);
      return `${seconds.toString(16).padStart(8, '0')}${processPart}${counter.toString(16).padStart(6, '0')}`;
    },
  };
};
