import type { Clock } from '@trx-shop/domain';

export const systemClock: Clock = { now: () => new Date() };
