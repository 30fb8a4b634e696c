import { administrationEvents, appendEvent, type ShopStore, type User } from '@trx-shop/domain';
import { createObjectIdGenerator } from '../adapters/object-id-generator.js';
import { systemClock } from '../adapters/system-clock.js';
import { cliActor } from './cli-actor.js';

/**
 * The audit entry of `pnpm admin:create`: the account it made, by whoever ran the command. A
 * command's change has no outbox to carry it, so it is logged right after (as `keys:rotate`'s).
 */
export const recordAdminCreated = async (store: Pick<ShopStore, 'eventLog'>, admin: User): Promise<void> => {
  await appendEvent(
    { store, clock: systemClock },
    administrationEvents(createObjectIdGenerator(), systemClock.now(), cliActor('admin:create')).adminCreated(
      admin,
    ),
  );
};
