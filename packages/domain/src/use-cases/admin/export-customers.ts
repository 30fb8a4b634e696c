import { administrationEvents } from '../../events/administration-events.js';
import { appendEvent } from '../../events/append-event.js';
import type { EventActor } from '../../ports/shop-event.js';
import type { EventLogStore } from '../../ports/event-log.port.js';
import type { Clock, IdGenerator } from '../../ports/runtime.port.js';
import type { CustomerRow, UserStore } from '../../ports/user-store.port.js';

/** The export's rows: the first one read already, the rest still in the store's cursor. */
export interface CustomerExport {
  readonly first: IteratorResult<CustomerRow>;
  readonly rest: AsyncIterator<CustomerRow>;
}

/**
 * Every customer, newest first, for the CSV export, logged in the audit trail as the admin's
 * export (customers' personal data leaves the shop). The first row is read before anything is
 * logged or sent: a store that fails at once leaves neither a broken file nor an entry.
 */
export const exportCustomers = async (deps: {
  readonly store: { readonly users: Pick<UserStore, 'streamCustomers'>; readonly eventLog: EventLogStore };
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly actor: EventActor;
}): Promise<CustomerExport> => {
  const rest = deps.store.users.streamCustomers()[Symbol.asyncIterator]();
  const first = await rest.next();
  await appendEvent(deps, administrationEvents(deps.ids, deps.clock.now(), deps.actor).customersExported());
  return { first, rest };
};
