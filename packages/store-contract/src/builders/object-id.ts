import { randomBytes } from 'node:crypto';

let sequence = randomBytes(3).readUIntBE(0, 3);
const processPart = randomBytes(5).toString('hex');

/**
 * A MongoDB-style object id (24 lowercase hex: 4-byte seconds, 5 random bytes, 3-byte counter),
 * unique within the process and across processes with overwhelming probability.
 */
export const newObjectId = (at: Date = new Date()): string => {
  sequence = (sequence + 1) % 0x1000000;
  const seconds = Math.floor(at.getTime() / 1000)
    .toString(16)
    .padStart(8, '0');
  return `${seconds}${processPart}${sequence.toString(16).padStart(6, '0')}`;
};
