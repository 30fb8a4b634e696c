import type { MailPreferences } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { BUILDER_NOW, minutesAfter } from '../builders/fixed-time.js';
import { newObjectId } from '../builders/object-id.js';
import type { ContractHarness } from '../harness.js';
import { useFreshStore } from './use-store.js';

const ALL_ON: MailPreferences = {
  receipts: true,
  alerts: { orderPaid: true, reconciliation: true, webhookDisabled: true, lowBalance: true },
};

/** Each user's mail preferences: none stored until saved, then read back whole. */
export const describeMailPreferencesContract = (harness: ContractHarness): void => {
  describe('mail preferences', () => {
    const store = useFreshStore(harness);

    it('finds only the users who saved preferences, each read back exactly, and an empty batch as nothing', async () => {
      const preferences = store().mailPreferences;
      const [ann, owner, never] = [newObjectId(), newObjectId(), newObjectId()];
      const annChose: MailPreferences = { ...ALL_ON, receipts: false };
      const ownerChose: MailPreferences = {
        receipts: true,
        alerts: { orderPaid: false, reconciliation: true, webhookDisabled: false, lowBalance: true },
      };
      await preferences.save(ann, annChose, BUILDER_NOW);
      await preferences.save(owner, ownerChose, BUILDER_NOW);

      const found = await preferences.findMany([ann, owner, never]);
      expect(found).toEqual(
        new Map([
          [ann, annChose],
          [owner, ownerChose],
        ]),
      );
      expect(await preferences.findMany([])).toEqual(new Map());
      expect(await preferences.findMany([never])).toEqual(new Map());
    });

    it('replaces a user’s preferences whole on a second save', async () => {
      const preferences = store().mailPreferences;
      const ann = newObjectId();
      await preferences.save(ann, { ...ALL_ON, receipts: false }, BUILDER_NOW);
      const next: MailPreferences = {
        receipts: true,
        alerts: { orderPaid: true, reconciliation: false, webhookDisabled: true, lowBalance: false },
      };
      await preferences.save(ann, next, minutesAfter(BUILDER_NOW, 1));
      expect(await preferences.findMany([ann])).toEqual(new Map([[ann, next]]));
    });
  });
};
