import { noDiscrepancies, type ReconciliationReport } from '@trx-shop/domain';
import { BUILDER_NOW, minutesAfter } from '@trx-shop/store-contract';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeWithMongo } from './support/mongo-test-env.js';
import { openStoreWithRawAccess, type StoreWithRawAccess } from './support/raw-database.js';

const report = (id: string): ReconciliationReport => ({
  id,
  startedAt: BUILDER_NOW,
  finishedAt: minutesAfter(BUILDER_NOW, 1),
  blocks: { from: 1, to: 2 },
  transfersChecked: 0,
  linesChecked: 0,
  allWallets: true,
  walletsChecked: 0,
  walletsSkipped: 0,
  openingsRecorded: 0,
  counts: noDiscrepancies(),
  discrepancies: [],
});

describeWithMongo('reconciliation documents', (uri) => {
  let env: StoreWithRawAccess;
  beforeEach(async () => {
    env = await openStoreWithRawAccess(uri, 'reconcile');
  });
  afterEach(async () => {
    await env.dispose();
  });

  it('keeps one report document, replaced by each save, its instants as dates', async () => {
    await env.store.reconciliation.saveReport(report('first'));
    await env.store.reconciliation.saveReport(report('second'));
    const stored = await env.db.collection('reconciliation_reports').find().toArray();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ _id: 'latest', report: { id: 'second', startedAt: BUILDER_NOW } });
    expect(stored[0]?.report.finishedAt).toBeInstanceOf(Date);
  });

  it('keeps one opening per wallet when two instances record it at once', async () => {
    const other = await env.openAnother();
    const address = 'TRacingOpeningxxxxxxxxxxxxxxxxxxxx';
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        (index % 2 === 0 ? env.store : other).reconciliation.recordOpening({
          address,
          openingSun: index,
          recordedAt: BUILDER_NOW,
        }),
      ),
    );
    const stored = await env.db.collection('wallet_openings').find().toArray();
    expect(stored).toHaveLength(1);
    expect((await other.reconciliation.openings([address])).get(address)).toBe(stored[0]?.openingSun);
  });
});
