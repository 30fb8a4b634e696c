import { useQueryClient } from '@tanstack/react-query';
import { useContext, useEffect } from 'react';
import { AdminRoomContext } from '../../../../shared/api/admin-room.js';
import { orderKeys } from './order-keys.js';

/** The frames that can change an order, its payment or its refunds. */
const changesOrders = (event: string): boolean =>
  !event.startsWith('webhook.') && !event.startsWith('deposit.');

/**
 * The admin room while the page lives: an order's frames (new orders, payments, refunds) read the
 * orders again, so a refund turns confirmed and a new order shows without a reload or a poll.
 */
export const useLiveOrders = (): void => {
  const connect = useContext(AdminRoomContext);
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    return connect({
      onFrame: (frame) => {
        if (changesOrders(frame.event)) refresh();
      },
      onResync: refresh,
    });
  }, [connect, queryClient]);
};
