import type { ChainPort, WebhookDeliveryStatus, WebhookSender, WebhookStore } from '@trx-shop/domain';
import type { ShopMetrics } from './shop-metrics.js';

/** Chain port methods that never reach the node (pure checks): left as they are, synchronous. */
const LOCAL_METHODS: ReadonlySet<string> = new Set(['isValidAddress']);

/** Each method of `target` timed and its failures counted under `prefix` + its name. */
const timedCalls = <T extends object>(target: T, metrics: ShopMetrics, prefix: string): T =>
  new Proxy(target, {
    get(object, property, receiver) {
      const value = Reflect.get(object, property, receiver) as unknown;
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      if (LOCAL_METHODS.has(property)) return (value as (...callArgs: unknown[]) => unknown).bind(object);
      const method = `${prefix}${property}`;
      return async (...args: unknown[]) => {
        const done = metrics.chainCalls.startTimer({ method });
        try {
          return await (value as (...callArgs: unknown[]) => Promise<unknown>).apply(object, args);
        } catch (error) {
          metrics.chainErrors.inc({ method });
          throw error;
        } finally {
          done();
        }
      };
    },
  });

/**
 * The chain port with each call to the node timed and each failure counted, by method; the USDT
 * side's calls as `usdt.<method>`, so a slow token contract read is told apart from a TRX one.
 */
export const instrumentChain = (chain: ChainPort, metrics: ShopMetrics): ChainPort => {
  const usdt = chain.usdt === null ? null : timedCalls(chain.usdt, metrics, 'usdt.');
  return new Proxy(timedCalls(chain, metrics, ''), {
    get: (target, property, receiver) =>
      property === 'usdt' ? usdt : Reflect.get(target, property, receiver),
  });
};

/** The webhook sender with each attempt counted by outcome. */
export const instrumentWebhookSender = (sender: WebhookSender, metrics: ShopMetrics): WebhookSender => ({
  refusal: (url) => sender.refusal(url),
  send: async (request) => {
    const response = await sender.send(request);
    const succeeded = response.statusCode !== null && response.statusCode >= 200 && response.statusCode < 300;
    metrics.webhookAttempts.inc({ outcome: succeeded ? 'succeeded' : 'failed' });
    return response;
  },
});

const DELIVERY_OUTCOME: Readonly<Record<WebhookDeliveryStatus, string>> = {
  succeeded: 'succeeded',
  pending: 'retrying',
  failed: 'failed',
};

/**
 * The webhook store with each attempt counted by what became of its delivery, only once recorded:
 * only the claim's holder records an attempt, so across the instances each attempt counts once.
 */
export const instrumentWebhookDeliveries = (webhooks: WebhookStore, metrics: ShopMetrics): WebhookStore =>
  new Proxy(webhooks, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (property !== 'recordAttempt') return value;
      const recordAttempt: WebhookStore['recordAttempt'] = async (id, holder, outcome) => {
        const recorded = await target.recordAttempt(id, holder, outcome);
        if (recorded) metrics.business.webhookDeliveries.inc({ outcome: DELIVERY_OUTCOME[outcome.status] });
        return recorded;
      };
      return recordAttempt;
    },
  });
