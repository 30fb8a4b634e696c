/** The file name the service opens inside DATA_DIR (packages/api/src/composition/open-store.ts). */
export const SQLITE_FILE = 'trx-shop.sqlite';
