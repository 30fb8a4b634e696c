import { CART_MAX_LINES, type CartLine, cartLinesOf, withQuantity } from './cart-lines.js';

/** The cart lives in this tab's localStorage under one key, so it outlasts reloads and is shared by tabs. */
export const CART_STORAGE_KEY = 'trx-shop.cart';

/** Where localStorage refuses (storage disabled, quota full) the cart lives as long as the page. */
let fallback: string | null = null;
let storageRefused = false;

const readStored = (): string | null => {
  if (storageRefused) return fallback;
  try {
    return window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    storageRefused = true;
    return fallback;
  }
};

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** Another tab changed the cart (or cleared the storage): every component here reads it again. */
const onStorage = (event: StorageEvent) => {
  if (event.key === CART_STORAGE_KEY || event.key === null) notify();
};

/** useSyncExternalStore's subscribe: one storage listener while anything watches the cart. */
export const subscribeToCart = (listener: () => void): (() => void) => {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
};

// The snapshot is the same array while the stored text is, as useSyncExternalStore requires.
let snapshotOf: string | null = null;
let snapshot: readonly CartLine[] = [];

export const readCart = (): readonly CartLine[] => {
  const stored = readStored();
  if (stored !== snapshotOf) {
    snapshotOf = stored;
    snapshot = cartLinesOf(stored);
  }
  return snapshot;
};

const writeCart = (lines: readonly CartLine[]): void => {
  const text = JSON.stringify(lines);
  fallback = text;
  if (!storageRefused) {
    try {
      window.localStorage.setItem(CART_STORAGE_KEY, text);
    } catch {
      storageRefused = true;
    }
  }
  notify();
};

/** Sets a product's quantity (0 removes it). */
export const setCartQuantity = (productId: string, quantity: number): void =>
  writeCart(withQuantity(readCart(), productId, quantity));

export type AddOutcome = 'added' | 'cart-full';

/**
 * Adds `quantity` units, never more in all than `available` (the stock the page was shown); a new
 * product is refused once the cart holds as many products as one order can.
 */
export const addToCart = (productId: string, quantity: number, available: number): AddOutcome => {
  const lines = readCart();
  const inCart = lines.find((line) => line.productId === productId)?.quantity ?? 0;
  if (inCart === 0 && lines.length >= CART_MAX_LINES) return 'cart-full';
  writeCart(withQuantity(lines, productId, Math.min(inCart + quantity, available)));
  return 'added';
};

export const removeFromCart = (productId: string): void => setCartQuantity(productId, 0);

/** Empties the cart (checkout, once the order is placed). */
export const clearCart = (): void => writeCart([]);
