import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useContext, useEffect, useState } from 'react';
import { AdminRoomContext } from '../../../../shared/api/admin-room.js';
import { reconciliationKeys } from './reconciliation.js';
import { statsKeys } from './stats.js';
import { webhookKeys } from './webhooks.js';

const EVENT_WORDS: Readonly<Record<string, string>> = {
  'order.created': 'New order',
  'order.cancelled': 'Order cancelled',
  'order.status_overridden': 'Order status overridden',
  'order.completed': 'Order completed',
  'order.refunded': 'Order refunded in full',
  'payment.sent': 'Payment sent',
  'payment.confirmed': 'Payment confirmed',
  'payment.failed': 'Payment failed',
  'refund.sent': 'Refund sent',
  'refund.confirmed': 'Refund confirmed',
  'refund.failed': 'Refund failed',
  'deposit.received': 'Deposit received',
  'webhook.disabled': 'Webhook endpoint disabled',
};

/** An event type in words; a type this list does not know yet is shown as the API named it. */
export const eventInWords = (event: string): string => EVENT_WORDS[event] ?? event;

/** The queries a frame can change: webhook frames the attention list, every other one the stats. */
const keysChangedBy = (event: string): readonly QueryKey[] => {
  if (event.startsWith('webhook.')) return [webhookKeys.all];
  if (event.startsWith('reconciliation.')) return [reconciliationKeys.all];
  return [statsKeys.all];
};

const EVERY_KEY: readonly QueryKey[] = [statsKeys.all, reconciliationKeys.all, webhookKeys.all];

export interface LiveActivity {
  readonly id: string;
  readonly event: string;
  readonly words: string;
  /** ISO 8601: when the frame arrived here. */
  readonly receivedAt: string;
}

/** How many frames the "Live activity" list keeps, newest first. */
export const LIVE_ACTIVITY_SIZE = 10;

/**
 * The admin room while the component lives: each frame refreshes the queries it changes (the
 * dashboard never polls) and joins the list of the latest activity.
 */
export const useAdminFeed = (): readonly LiveActivity[] => {
  const connect = useContext(AdminRoomContext);
  const queryClient = useQueryClient();
  const [activity, setActivity] = useState<readonly LiveActivity[]>([]);

  useEffect(() => {
    const refresh = (keys: readonly QueryKey[]) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    return connect({
      onFrame: (frame) => {
        const entry: LiveActivity = {
          id: frame.id,
          event: frame.event,
          words: eventInWords(frame.event),
          receivedAt: new Date().toISOString(),
        };
        setActivity((latest) => [entry, ...latest].slice(0, LIVE_ACTIVITY_SIZE));
        refresh(keysChangedBy(frame.event));
      },
      onResync: () => refresh(EVERY_KEY),
    });
  }, [connect, queryClient]);

  return activity;
};
