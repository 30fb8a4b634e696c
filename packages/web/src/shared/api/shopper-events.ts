import { connectRealtime } from '@trx-shop/client';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect } from 'react';
import { useCurrentUser } from './session.js';

/** A frame of the shopper's own room: what happened, and to which order when it concerns one. */
export interface ShopperFrame {
  readonly event: 'transaction:confirmed' | 'transaction:failed' | 'order:refunded' | 'wallet:deposit';
  readonly id: string;
  readonly orderId: string | null;
}

export interface ShopperEventsHandlers {
  readonly onFrame: (frame: ShopperFrame) => void;
  /** The room is joined with nothing to replay (first time, or before any frame) or its missed frames can no longer be replayed: read everything again. */
  readonly onResync: () => void;
}

/** Opens the room of `userId` and answers the function that closes it. */
export type ShopperEventsConnector = (userId: string, handlers: ShopperEventsHandlers) => () => void;

/**
 * The roots of the query keys the shopper's frames change: a feature keeps its order queries under
 * `orders` and its wallet queries under `wallet` so a frame refreshes them.
 */
export const SHOPPER_QUERY_ROOTS = { orders: 'orders', wallet: 'wallet' } as const;

/**
 * The browser's socket to the same origin, joined to the shopper's room with the httpOnly session
 * cookie; the client reconnects after a drop and resumes from the last event id by itself.
 */
export const connectShopperEvents: ShopperEventsConnector = (userId, handlers) => {
  const connection = connectRealtime({
    baseUrl: window.location.origin,
    WebSocket: window.WebSocket,
    rooms: [userId],
    onEvent: (frame) => {
      if (frame.event === 'joined') {
        // Without an id to resume from (the first join, or a rejoin before any frame) the server
        // replays nothing, so what changed since the page's reads is read again.
        if (connection.lastEventId === undefined) handlers.onResync();
      } else if (frame.event === 'resume:expired') handlers.onResync();
      else if (frame.event === 'wallet:deposit')
        handlers.onFrame({ event: frame.event, id: frame.id, orderId: null });
      else if (
        frame.event === 'transaction:confirmed' ||
        frame.event === 'transaction:failed' ||
        frame.event === 'order:refunded'
      ) {
        handlers.onFrame({ event: frame.event, id: frame.id, orderId: frame.data.orderId });
      }
    },
  });
  return () => void connection.close();
};

/** Tests give the pages a room of their own; the app uses the real one. */
export const ShopperEventsContext = createContext<ShopperEventsConnector>(connectShopperEvents);

const refresh = (queryClient: QueryClient, roots: readonly string[]) =>
  Promise.all(roots.map((root) => queryClient.invalidateQueries({ queryKey: [root] })));

/** A deposit changes the wallet; a payment or refund changes its order and the wallet's balance. */
const rootsChangedBy = (frame: ShopperFrame): readonly string[] =>
  frame.event === 'wallet:deposit'
    ? [SHOPPER_QUERY_ROOTS.wallet]
    : [SHOPPER_QUERY_ROOTS.orders, SHOPPER_QUERY_ROOTS.wallet];

/**
 * The signed-in shopper's real-time room while the component lives: each frame reads again the
 * queries it changes, so a deposit or a confirmation shows without a reload or a poll.
 */
export const useShopperEvents = (): void => {
  const connect = useContext(ShopperEventsContext);
  const queryClient = useQueryClient();
  const userId = useCurrentUser().data?.id;
  useEffect(() => {
    if (!userId) return;
    return connect(userId, {
      onFrame: (frame) => void refresh(queryClient, rootsChangedBy(frame)),
      onResync: () => void refresh(queryClient, Object.values(SHOPPER_QUERY_ROOTS)),
    });
  }, [connect, queryClient, userId]);
};
