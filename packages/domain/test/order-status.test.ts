import {
  checkPayable,
  isOrderStatus,
  isOverrideStatus,
  ORDER_STATUSES,
  type OrderEvent,
  type OrderStatus,
  OVERRIDE_STATUSES,
  type TransferState,
  transitionOrder,
} from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { errorOf, successOf } from './support/results.js';

// Written out from the specification, so a renamed or missing status fails here.
const STATUSES: readonly OrderStatus[] = ['pending', 'completed', 'refunded', 'failed', 'cancelled'];
const TRANSFER_STATES: readonly TransferState[] = ['none', 'pending', 'confirmed', 'failed'];
const OVERRIDES = ['pending', 'completed', 'refunded'] as const;

type Expected = { to: OrderStatus } | { code: string };

/** Asserts every (from, event) pair: either the status it leads to or the code it is refused with. */
const expectTransitions = (event: OrderEvent, expected: (from: OrderStatus) => Expected): void => {
  for (const from of STATUSES) {
    const outcome = expected(from);
    const result = transitionOrder(from, event);
    const label = `${from} --${JSON.stringify(event)}-->`;
    if ('to' in outcome) {
      expect(result, label).toEqual({ ok: true, value: outcome.to });
    } else {
      expect(result.ok, label).toBe(false);
      expect(errorOf(result).code, label).toBe(outcome.code);
    }
  }
};

describe('order statuses', () => {
  it('are exactly the five statuses of the specification', () => {
    expect([...ORDER_STATUSES].sort()).toEqual([...STATUSES].sort());
    expect([...OVERRIDE_STATUSES].sort()).toEqual([...OVERRIDES].sort());
    for (const status of STATUSES) expect(isOrderStatus(status)).toBe(true);
    for (const value of ['Pending', 'paid', '', null, 1]) expect(isOrderStatus(value)).toBe(false);
    expect(STATUSES.filter(isOverrideStatus)).toEqual(['pending', 'completed', 'refunded']);
  });
});

describe('transitionOrder', () => {
  it('completes a pending order when its purchase is confirmed, and refuses it from any other status', () => {
    expectTransitions({ type: 'purchase-confirmed' }, (from) =>
      from === 'pending' ? { to: 'completed' } : { code: 'ORDER_NOT_PENDING' },
    );
  });

  it('fails a pending order when its purchase is rejected or expires, and refuses it from any other status', () => {
    expectTransitions({ type: 'purchase-failed' }, (from) =>
      from === 'pending' ? { to: 'failed' } : { code: 'ORDER_NOT_PENDING' },
    );
  });

  it('refunds an order on refund confirmation unless it is already refunded', () => {
    expectTransitions({ type: 'refund-confirmed' }, (from) =>
      from === 'refunded' ? { code: 'ORDER_ALREADY_REFUNDED' } : { to: 'refunded' },
    );
  });

  it('lets an admin override any status to pending, completed or refunded', () => {
    for (const status of OVERRIDES) {
      expectTransitions({ type: 'admin-override', status }, () => ({ to: status }));
    }
  });

  it('answers INVALID_STATUS when an admin override asks for any other status', () => {
    for (const status of ['failed', 'cancelled', 'PENDING', 'paid', '', null, undefined, 1, ['pending']]) {
      expectTransitions({ type: 'admin-override', status }, () => ({ code: 'INVALID_STATUS' }));
    }
  });

  it('cancels a pending order for its owner when no payment is pending or confirmed', () => {
    for (const payment of ['none', 'failed'] as const) {
      expectTransitions({ type: 'owner-cancel', payment }, (from) =>
        from === 'pending' ? { to: 'cancelled' } : { code: 'ORDER_NOT_PENDING' },
      );
    }
  });

  it('answers PAYMENT_IN_PROGRESS to an owner cancel while a payment is pending or confirmed', () => {
    for (const payment of ['pending', 'confirmed'] as const) {
      expectTransitions({ type: 'owner-cancel', payment }, (from) =>
        from === 'pending' ? { code: 'PAYMENT_IN_PROGRESS' } : { code: 'ORDER_NOT_PENDING' },
      );
    }
  });

  it('reaches cancelled only through an owner cancel and failed only through a failed purchase', () => {
    const events: OrderEvent[] = [
      { type: 'purchase-confirmed' },
      { type: 'purchase-failed' },
      { type: 'refund-confirmed' },
      ...OVERRIDES.map((status): OrderEvent => ({ type: 'admin-override', status })),
      { type: 'admin-override', status: 'failed' },
      { type: 'admin-override', status: 'cancelled' },
      ...TRANSFER_STATES.map((payment): OrderEvent => ({ type: 'owner-cancel', payment })),
    ];
    const reached = new Map<OrderStatus, Set<string>>();
    for (const from of STATUSES) {
      for (const event of events) {
        const result = transitionOrder(from, event);
        if (!result.ok) continue;
        const triggers = reached.get(result.value) ?? new Set<string>();
        triggers.add(event.type);
        reached.set(result.value, triggers);
      }
    }
    expect([...(reached.get('cancelled') ?? [])]).toEqual(['owner-cancel']);
    expect([...(reached.get('failed') ?? [])]).toEqual(['purchase-failed']);
  });
});

describe('checkPayable', () => {
  it('allows paying a pending order whose payment was never claimed or failed', () => {
    expect(successOf(checkPayable('pending', 'none'))).toBeUndefined();
    expect(checkPayable('pending', 'failed').ok).toBe(true);
  });

  it('answers PAYMENT_IN_PROGRESS for a pending order whose payment is pending or confirmed', () => {
    for (const payment of ['pending', 'confirmed'] as const) {
      expect(errorOf(checkPayable('pending', payment)).code, payment).toBe('PAYMENT_IN_PROGRESS');
    }
  });

  it('answers ORDER_NOT_PENDING first for every other status, whatever the payment state', () => {
    for (const status of STATUSES.filter((status) => status !== 'pending')) {
      for (const payment of TRANSFER_STATES) {
        expect(errorOf(checkPayable(status, payment)).code, `${status}/${payment}`).toBe('ORDER_NOT_PENDING');
      }
    }
  });
});

describe('refusal texts', () => {
  it('uses the text the specification gives for an invalid status', () => {
    expect(errorOf(transitionOrder('pending', { type: 'admin-override', status: 'x' })).message).toBe(
      'Invalid status',
    );
  });
});
