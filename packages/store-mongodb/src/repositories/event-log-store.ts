import {
  type CounterStore,
  type EventLogStore,
  type LoggedEvent,
  offsetOf,
  pageOf,
  type SequencedEvent,
} from '@trx-shop/domain';
import type { Db } from 'mongodb';
import type { ShopCollections } from '../collections.js';
import { isDuplicateKey, refusedWrites } from '../duplicate-key.js';
import { eventFromDocument, eventToDocument } from '../mapping.js';
import { AUDIT_ORDER, auditFilterOf } from './audit-query.js';

/** The counter the sequence numbers come from (the order numbers' mechanism). */
const EVENT_SEQUENCE = 'events';

/**
 * Events of an order are its history, events with an actor the audit trail: only events of
 * neither may be compacted away. `null` also matches a field that is absent (events stored before
 * actors existed).
 */
const COMPACTABLE = { 'subjects.orderId': null, actor: null } as const;

/*
 * The log is one collection keyed by event id: the `_id` makes an insert idempotent (a second
 * insert of an event is a duplicate key, answered with the one logged), and the unique sequence
 * index keeps one event per number. Every write is a single-document insert or delete.
 */
/** Whether the deployment is a replica set (or a sharded cluster): only those have change streams. */
const hasChangeStreams = async (db: Db): Promise<boolean> => {
  try {
    const hello = await db.admin().command({ hello: 1 });
    return typeof hello.setName === 'string' || hello.msg === 'isdbgrid';
  } catch {
    return false;
  }
};

export const createMongoEventLogStore = (
  { eventLog }: Pick<ShopCollections, 'eventLog'>,
  counters: CounterStore,
  db: Db,
): EventLogStore => {
  const findById = async (id: string): Promise<LoggedEvent | null> => {
    const document = await eventLog.findOne({ _id: id });
    return document ? eventFromDocument(document) : null;
  };

  return {
    takeSequence: () => counters.next(EVENT_SEQUENCE),
    takeSequences: (count) => counters.next(EVENT_SEQUENCE, count),

    async insert(event, sequence, at) {
      const document = eventToDocument(event, sequence, at);
      try {
        await eventLog.insertOne(document);
        return eventFromDocument(document);
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        // Another relay logged it first: its number stands. Refused only for its sequence (held by
        // another event), it is not logged, and a reused number is a bug worth surfacing.
        const logged = await findById(event.id);
        if (!logged) throw error;
        return logged;
      }
    },

    async insertMany(entries, at) {
      if (entries.length === 0) return 0;
      try {
        // Unordered: an event logged already refuses only itself; the rest go in one round trip.
        await eventLog.insertMany(
          entries.map(({ event, sequence }) => eventToDocument(event, sequence, at)),
          { ordered: false },
        );
        return entries.length;
      } catch (error) {
        const refused = refusedWrites(error);
        if (refused === null || refused.some(({ duplicate }) => !duplicate)) throw error;
        // As in `insert`: a refusal for the sequence alone (a number reused) is a bug to surface.
        const ids = refused.map(({ index }) => (entries[index] as SequencedEvent).event.id);
        const logged = await eventLog.countDocuments({ _id: { $in: ids } });
        if (logged !== ids.length) throw error;
        return entries.length - refused.length;
      }
    },

    async loggedIds(ids) {
      if (ids.length === 0) return new Set<string>();
      const documents = await eventLog.find({ _id: { $in: [...ids] } }, { projection: { _id: 1 } }).toArray();
      return new Set(documents.map((document) => document._id));
    },

    async readAfter(sequence, limit) {
      // A limit of 0 means "no limit" to MongoDB.
      if (limit <= 0) return [];
      const documents = await eventLog
        .find({ sequence: { $gt: sequence } })
        .sort({ sequence: 1 })
        .limit(limit)
        .toArray();
      return documents.map(eventFromDocument);
    },

    async readUserAfter(userId, sequence, limit) {
      if (limit <= 0) return [];
      const documents = await eventLog
        .find({ 'subjects.userId': userId, sequence: { $gt: sequence } })
        .sort({ sequence: 1 })
        .limit(limit)
        .toArray();
      return documents.map(eventFromDocument);
    },

    findById,

    async oldestSequence() {
      const oldest = await eventLog.findOne({}, { sort: { sequence: 1 }, projection: { sequence: 1 } });
      return oldest?.sequence ?? null;
    },

    async newestSequence() {
      const newest = await eventLog.findOne({}, { sort: { sequence: -1 }, projection: { sequence: 1 } });
      return newest?.sequence ?? null;
    },

    async watchAppends(onAppend, onError) {
      // A standalone server (and the test stand-in) has no change streams: readers poll.
      if (!(await hasChangeStreams(db))) return null;
      const stream = eventLog.watch([{ $match: { operationType: 'insert' } }]);
      stream.on('change', () => onAppend());
      stream.on('error', onError);
      return async () => {
        await stream.close();
      };
    },

    async compact(before, limit) {
      if (limit <= 0) return 0;
      // Ids first, then one delete by id: a delete has no sort or limit of its own.
      const removable = await eventLog
        .find({ ...COMPACTABLE, loggedAt: { $lt: before } }, { projection: { _id: 1 } })
        .sort({ sequence: 1 })
        .limit(limit)
        .toArray();
      if (removable.length === 0) return 0;
      const deleted = await eventLog.deleteMany({ _id: { $in: removable.map((document) => document._id) } });
      return deleted.deletedCount;
    },

    async listAudit(filter, page) {
      const query = auditFilterOf(filter);
      const [documents, total] = await Promise.all([
        eventLog.find(query).sort(AUDIT_ORDER).skip(offsetOf(page)).limit(page.limit).toArray(),
        eventLog.countDocuments(query),
      ]);
      return pageOf(documents.map(eventFromDocument), total, page);
    },

    async orderHistory(orderId) {
      const documents = await eventLog.find({ 'subjects.orderId': orderId }).sort({ sequence: 1 }).toArray();
      return documents.map(eventFromDocument);
    },
  };
};
