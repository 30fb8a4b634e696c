import type { AuditFilter, EventActor, EventSubjects } from '@trx-shop/domain';
import type { Filter, Sort } from 'mongodb';
import type { EventDocument } from '../documents.js';

/** Checked against the domain's type: a kind added there fails to compile here until listed. */
const ACTOR_KINDS = Object.keys({ admin: true, cli: true } satisfies Record<EventActor['kind'], true>);

/**
 * Events with an actor, as points of `event_log_audit_kind`: one range per kind, merged in the
 * list's order by the server, so no partial index is needed (none is used: docs/decisions.md
 * section 13) and no in-memory sort. Events without an actor sit under a null kind, outside it.
 */
const WITH_ACTOR = { 'actor.kind': { $in: ACTOR_KINDS } };

/** The list's order: newest occurrence first, then id, descending. */
export const AUDIT_ORDER: Sort = { occurredAt: -1, _id: -1 };

/** Every subject a target may be, checked against the domain's type like the kinds. */
const SUBJECT_FIELDS = Object.keys({
  userId: true,
  orderId: true,
  transactionId: true,
  productId: true,
  webhookId: true,
} satisfies Record<keyof EventSubjects, true>).map((subject) => `subjects.${subject}`);

/** The audit list's filter: the audit trail's range, narrowed by each filter given. */
export const auditFilterOf = (filter: AuditFilter): Filter<EventDocument> => {
  const occurredAt = {
    ...(filter.from === undefined ? {} : { $gte: filter.from }),
    ...(filter.to === undefined ? {} : { $lt: filter.to }),
  };
  return {
    ...WITH_ACTOR,
    ...(filter.actorId === undefined ? {} : { 'actor.id': filter.actorId }),
    ...(filter.action === undefined ? {} : { type: filter.action }),
    // Residual on the audit range: a subject matches whatever kind of record it names.
    ...(filter.targetId === undefined
      ? {}
      : { $or: SUBJECT_FIELDS.map((field) => ({ [field]: filter.targetId })) }),
    ...(Object.keys(occurredAt).length === 0 ? {} : { occurredAt }),
  } as Filter<EventDocument>;
};
