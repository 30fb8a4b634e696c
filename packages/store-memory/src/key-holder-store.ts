import type { KeyHolderStore } from '@trx-shop/domain';
import type { Tables } from './tables.js';

export const createMemoryKeyHolderStore = ({ keyHolders }: Pick<Tables, 'keyHolders'>): KeyHolderStore => ({
  async announce(holder, now) {
    for (const [id, held] of keyHolders) {
      if (held.expiresAt.getTime() <= now.getTime()) keyHolders.delete(id);
    }
    keyHolders.set(holder.id, { ...holder, opens: [...holder.opens] });
  },
  async withdraw(id) {
    keyHolders.delete(id);
  },
  async listLive(now) {
    return [...keyHolders.values()]
      .filter((holder) => holder.expiresAt.getTime() > now.getTime())
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  },
});
