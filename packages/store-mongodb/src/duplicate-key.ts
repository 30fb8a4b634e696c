import { MongoBulkWriteError, MongoServerError } from 'mongodb';

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

/**
 * The writes an unordered bulk insert refused (by index in the batch, and whether each was a
 * duplicate key), or null when the error is not a bulk write error.
 */
export const refusedWrites = (
  error: unknown,
): { readonly index: number; readonly duplicate: boolean }[] | null => {
  if (!(error instanceof MongoBulkWriteError)) return null;
  const writeErrors = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];
  return writeErrors.map((writeError) => ({
    index: writeError.index,
    duplicate: writeError.code === DUPLICATE_KEY,
  }));
};
