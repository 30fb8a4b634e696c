import { writeOutbox } from './outbox-store.js';
import {
  ledgerEntryKey,
  receivedEntryKey,
  movementOf,
  type ShopEvent,
  type TransactionRecord,
  type TransactionStore,
  type WalletMovementQuery,
} from '@trx-shop/domain';
import { newestFirst, oldestFirst, pageFrom, type Tables } from './tables.js';

const selects =
  (address: string, query: WalletMovementQuery) =>
  (line: TransactionRecord): boolean =>
    movementOf(line, address) !== null &&
    (query.type === undefined || line.type === query.type) &&
    (query.status === undefined || line.status === query.status) &&
    (query.from === undefined || line.createdAt.getTime() >= query.from.getTime()) &&
    (query.to === undefined || line.createdAt.getTime() < query.to.getTime());

export const createMemoryTransactionStore = ({
  transactions,
  outbox,
}: Pick<Tables, 'transactions' | 'outbox'>): TransactionStore => {
  const all = () => [...transactions.values()];
  const update = (id: string, change: (record: TransactionRecord) => TransactionRecord | null): boolean => {
    const current = transactions.get(id);
    const next = current ? change(current) : null;
    if (!next) return false;
    transactions.set(id, next);
    return true;
  };
  const insertOne = (record: TransactionRecord, events?: readonly ShopEvent[]): 'inserted' | 'exists' => {
    const key = ledgerEntryKey(record);
    if (all().some((existing) => ledgerEntryKey(existing) === key)) return 'exists';
    transactions.set(record.id, record);
    writeOutbox({ outbox }, 'transaction', record.id, events);
    return 'inserted';
  };
  return {
    insert: async (record, events) => insertOne(record, events),
    async insertMany(records, events) {
      const outcomes: ('inserted' | 'exists')[] = [];
      for (const [index, record] of records.entries()) outcomes.push(insertOne(record, events?.[index]));
      return outcomes;
    },
    async findById(id) {
      return transactions.get(id) ?? null;
    },
    async findByHash(hash) {
      return all().find((record) => ledgerEntryKey(record) === hash) ?? null;
    },
    async findReceived(txId, toAddress) {
      const key = receivedEntryKey(txId, toAddress);
      return all().find((record) => ledgerEntryKey(record) === key) ?? null;
    },
    async linkReceived(id, step, at) {
      return update(id, (line) => {
        if (step.kind === 'bind') {
          return line.type === 'deposit' && line.orderId === null
            ? { ...line, orderId: step.orderId, updatedAt: at }
            : null;
        }
        if (line.type !== 'deposit' || line.orderId !== step.orderId) return null;
        return step.kind === 'unbind'
          ? { ...line, orderId: null, updatedAt: at }
          : { ...line, type: 'purchase', userId: step.userId, effectApplied: false, updatedAt: at };
      });
    },
    async findByHashes(hashes) {
      const wanted = new Set(hashes);
      return all().filter((record) => wanted.has(ledgerEntryKey(record)));
    },
    async listByHashes(hashes) {
      const wanted = new Set(hashes);
      return all().filter((record) => wanted.has(record.transactionHash));
    },
    async listConfirmedInBlocks(blocks, after, limit) {
      const inBlockOrder = (line: TransactionRecord) => [line.blockNumber ?? -1, line.id] as const;
      const isAfter = (line: TransactionRecord) => {
        if (after === null) return true;
        const [block, id] = inBlockOrder(line);
        return block > after.blockNumber || (block === after.blockNumber && id > after.id);
      };
      return all()
        .filter(
          (line) =>
            line.status === 'confirmed' &&
            line.blockNumber !== null &&
            line.blockNumber >= blocks.from &&
            line.blockNumber <= blocks.to &&
            isAfter(line),
        )
        .sort(
          (a, b) => (a.blockNumber ?? 0) - (b.blockNumber ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
        )
        .slice(0, limit);
    },
    async listByUser(userId, query, page) {
      const matching = all()
        .filter((record) => record.userId === userId)
        .filter((record) => query.type === undefined || record.type === query.type)
        .filter((record) => query.status === undefined || record.status === query.status)
        .sort(newestFirst);
      return pageFrom(matching, page);
    },
    async listWalletMovements(address, query, page) {
      return pageFrom(all().filter(selects(address, query)).sort(newestFirst), page);
    },
    async *streamWalletMovements(address) {
      yield* all().filter(selects(address, {})).sort(oldestFirst);
    },
    async walletMovementTotals(address, query) {
      let inSun = 0;
      let outSun = 0;
      let feesSun = 0;
      for (const line of all().filter(selects(address, query))) {
        const movement = movementOf(line, address);
        if (movement?.direction === 'in') inSun += line.amountSun;
        else if (line.type === 'fee') feesSun += line.amountSun;
        else outSun += line.amountSun;
      }
      return { inSun, outSun, feesSun };
    },
    async walletConfirmedNet(address, through, after) {
      let net = 0;
      for (const line of all()) {
        if (line.status !== 'confirmed') continue;
        // Lines newer than `through` (newest-first order puts them before it) are left out, and so
        // are `after` and the lines older than it.
        if (through && newestFirst<{ createdAt: Date; id: string }>(line, through) < 0) continue;
        if (after && newestFirst<{ createdAt: Date; id: string }>(line, after) >= 0) continue;
        net += movementOf(line, address)?.signedSun ?? 0;
      }
      return net;
    },
    async listPending(limit) {
      return all()
        .filter((record) => record.status === 'pending' && record.transactionHash !== '')
        .sort(oldestFirst)
        .slice(0, limit);
    },
    async listAwaitingEffect(limit) {
      return all()
        .filter((record) => record.status !== 'pending' && !record.effectApplied)
        .sort(oldestFirst)
        .slice(0, limit);
    },
    async pendingOutgoingSun(address) {
      let sum = 0;
      for (const record of all())
        if (record.status === 'pending' && record.fromAddress === address) sum += record.amountSun;
      return sum;
    },
    async markConfirmed(id, confirmation) {
      return update(id, (record) =>
        record.status !== 'pending'
          ? null
          : {
              ...record,
              status: 'confirmed',
              blockNumber: confirmation.blockNumber,
              feeSun: confirmation.feeSun,
              confirmations: confirmation.confirmations,
              updatedAt: confirmation.at,
            },
      );
    },
    async markFailed(id, reason, at) {
      return update(id, (record) =>
        record.status !== 'pending'
          ? null
          : { ...record, status: 'failed', failureReason: reason, updatedAt: at },
      );
    },
    async markEffectApplied(id, at) {
      update(id, (record) => ({ ...record, effectApplied: true, updatedAt: at }));
    },
  };
};
