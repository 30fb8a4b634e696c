import { codesOf, type DomainError, domainError, type ValidationError } from '../../errors/domain-error.js';
import { SHOP_EVENT_TYPES } from '../../ports/shop-event.js';
import type { LoggedEvent } from '../../ports/shop-event.js';
import type { AuditFilter, EventLogStore } from '../../ports/event-log.port.js';
import type { OrderStore } from '../../ports/order-store.port.js';
import type { Page, PageRequest } from '../../shared/pagination.js';
import { err, ok, type Result } from '../../shared/result.js';

const invalid = (field: string, message: string): ValidationError =>
  domainError('VALIDATION_ERROR', message, { details: [{ field, message }] });

/**
 * The audit trail (docs/api.md, "Audit trail"): every admin action and server command, newest
 * first, as the event log holds them (written with the change itself, so never missing and never
 * editable through the API).
 */
export const LIST_AUDIT_TRAIL_ERRORS = codesOf<ValidationError>()(['VALIDATION_ERROR']);

export const listAuditTrail = async (
  deps: { readonly eventLog: Pick<EventLogStore, 'listAudit'> },
  filter: AuditFilter,
  page: PageRequest,
): Promise<Result<Page<LoggedEvent>, ValidationError>> => {
  if (filter.action !== undefined && !(SHOP_EVENT_TYPES as readonly string[]).includes(filter.action)) {
    return err(invalid('action', `unknown action ${JSON.stringify(filter.action)}`));
  }
  return ok(await deps.eventLog.listAudit(filter, page));
};

export type OrderHistoryError = DomainError<'ORDER_NOT_FOUND'>;
export const ORDER_HISTORY_ERRORS = codesOf<OrderHistoryError>()(['ORDER_NOT_FOUND']);

/** An order's timeline, oldest first: its events from the log, admin actions among them with who did them. */
export const orderHistory = async (
  deps: {
    readonly eventLog: Pick<EventLogStore, 'orderHistory'>;
    readonly orders: Pick<OrderStore, 'findById'>;
  },
  orderId: string,
): Promise<Result<readonly LoggedEvent[], OrderHistoryError>> => {
  if (!(await deps.orders.findById(orderId))) return err(domainError('ORDER_NOT_FOUND', 'Order not found'));
  return ok(await deps.eventLog.orderHistory(orderId));
};
