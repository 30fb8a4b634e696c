import { MongoServerError } from 'mongodb';

const DUPLICATE_KEY = 11000;

/**
 * true for an E11000 duplicate-key error, optionally only when `indexName` is the index that
 * refused. The index is read from the message (`... index: <name> dup key: ...`), which both
 * MongoDB and mongo-java-server print; the stand-in does not fill `keyPattern`.
 */
export const isDuplicateKey = (error: unknown, indexName?: string): boolean => {
  if (!(error instanceof MongoServerError) || error.code !== DUPLICATE_KEY) return false;
  if (indexName === undefined) return true;
  return new RegExp(`index: ${indexName}\\b`).test(error.message);
};
