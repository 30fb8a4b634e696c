import { useSyncExternalStore } from 'react';
import { readCart, subscribeToCart } from './cart-store.js';
import { unitsIn } from './cart-lines.js';

/** The cart's lines, kept current in every component that shows them, in this tab and from others. */
export const useCart = () => {
  const lines = useSyncExternalStore(subscribeToCart, readCart);
  return { lines, units: unitsIn(lines) };
};

/** How many units of one product the cart holds (0 when none). */
export const useQuantityInCart = (productId: string): number =>
  useCart().lines.find((line) => line.productId === productId)?.quantity ?? 0;
