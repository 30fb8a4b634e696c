import type { Logger, Notifier } from '@trx-shop/domain';

/** Until a WebSocket hub is attached, events are only logged (without their payload's secrets: there are none). */
export const loggingNotifier = (logger: Logger): Notifier => ({
  notifyUser: (userId, event) =>
    logger.debug({ userId, event: event.event, orderId: event.data.orderId }, 'event'),
});
