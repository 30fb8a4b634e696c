import { noDiscrepancies, type ReconciliationReport } from '@trx-shop/domain';
import { BUILDER_NOW, minutesAfter } from '@trx-shop/store-contract';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openMongoStore } from '../src/index.js';
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

  it('keeps a document per report under its id, its instants as dates', async () => {
    await env.store.reconciliation.saveReport(report('first'));
    await env.store.reconciliation.saveReport(report('second'));
    const stored = await env.db.collection('reconciliation_reports').find().sort({ _id: 1 }).toArray();
    expect(stored.map((document) => document._id)).toEqual(['first', 'second']);
    expect(stored[1]).toMatchObject({ report: { id: 'second', startedAt: BUILDER_NOW } });
    expect(stored[1]?.report.finishedAt).toBeInstanceOf(Date);
  });

  it('moves the one report an earlier version kept as the latest to its own id at the next open', async () => {
    const kept = report('6760c0f4a1b2c3d4e5f60770');
    // As an earlier version stored it: one document named 'latest'.
    await env.db
      .collection<{ _id: string; report: ReconciliationReport }>('reconciliation_reports')
      .insertOne({ _id: 'latest', report: kept });
    const reopened = await openMongoStore({ uri, dbName: env.dbName });
    try {
      expect(await reopened.reconciliation.findReport(kept.id)).toEqual(kept);
      expect(await reopened.reconciliation.latestReport()).toEqual(kept);
      expect((await reopened.reconciliation.listReports({ limit: 10, page: 1 })).total).toBe(1);
      const ids = (await env.db.collection('reconciliation_reports').find().toArray()).map(({ _id }) => _id);
      expect(ids).toEqual([kept.id]);
    } finally {
      await reopened.close();
    }
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
