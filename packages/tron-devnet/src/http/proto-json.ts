import type { JsonObject } from '../chain/signed-transaction.js';

/** java-tron's JsonFormat prints proto3 fields only when they differ from their default. */
export const withoutDefaults = (fields: JsonObject): JsonObject =>
  Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== 0 && value !== '' && value !== false),
  );
