import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const require = createRequire(import.meta.url);

/*
 * Two builds of one driver, picked by the running Node's N-API level:
 * - better-sqlite3 12 wraps its objects in node::ObjectWrap, whose destructor aborts the whole
 *   process on Node >= 24.19 when a statement is garbage-collected outside a JS context
 *   (`node::RemoveEnvironmentCleanupHook` assertion).
 * - better-sqlite3 13 is built on Node-API 10 (no such abort), which Node 20 lacks.
 * Both have the same JavaScript API, so the store code does not care which one it got.
 */
const nodeApiLevel = Number(process.versions.napi ?? 0);

export const sqliteDriverPackage: string = nodeApiLevel >= 10 ? 'better-sqlite3-napi' : 'better-sqlite3';

export const SqliteDatabase: typeof BetterSqlite3 = require(sqliteDriverPackage);
