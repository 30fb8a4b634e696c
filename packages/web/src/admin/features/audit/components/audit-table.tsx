import type { components } from '@trx-shop/client';
import { Link } from 'wouter';
import { TableScroll } from '../../../../shared/ui/table-scroll.js';
import { Time } from '../../../../shared/ui/time.js';
import { auditActionWords } from '../utils/audit-actions.js';
import { targetViewOf } from '../utils/audit-target.js';
import { AuditChanges } from './audit-changes.js';

type AuditEntry = components['schemas']['AuditEntry'];

const ACTOR_KINDS: Readonly<Record<AuditEntry['actor']['kind'], string>> = {
  admin: 'Admin',
  cli: 'Server command',
};

const ActorCell = ({ actor, onOnly }: { actor: AuditEntry['actor']; onOnly: (id: string) => void }) => (
  <>
    {actor.label}
    <br />
    <span className="muted">
      {ACTOR_KINDS[actor.kind]}
      {actor.sessionId?.startsWith('api-key:') ? ' by API key' : ''}
      {actor.address ? ` from ${actor.address}` : ''}
    </span>
    {actor.id && (
      <>
        <br />
        <button type="button" className="audit-narrow" onClick={() => onOnly(actor.id ?? '')}>
          Only this actor
        </button>
      </>
    )}
  </>
);

const TargetCell = ({ entry, onOnly }: { entry: AuditEntry; onOnly: (id: string) => void }) => {
  const target = targetViewOf(entry);
  const name = (
    <>
      {target.label}
      {target.id && (
        <>
          {' '}
          <code className="hash">{target.id}</code>
        </>
      )}
    </>
  );
  return (
    <>
      {target.href ? <Link href={target.href}>{name}</Link> : name}
      {target.filterId && (
        <>
          <br />
          <button type="button" className="audit-narrow" onClick={() => onOnly(target.filterId ?? '')}>
            Only this target
          </button>
        </>
      )}
    </>
  );
};

/** The entries newest first: when, who, what, on what, and what it changed. */
export const AuditTable = ({
  entries,
  busy,
  onActor,
  onTarget,
}: {
  entries: readonly AuditEntry[];
  busy: boolean;
  onActor: (id: string) => void;
  onTarget: (id: string) => void;
}) => (
  <TableScroll label="Audit entries">
    <table aria-label="Audit trail" aria-busy={busy}>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Who</th>
          <th scope="col">Action</th>
          <th scope="col">Target</th>
          <th scope="col">Changes</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry._id}>
            <td>
              <Time iso={entry.at} />
            </td>
            <td>
              <ActorCell actor={entry.actor} onOnly={onActor} />
            </td>
            <td>{auditActionWords(entry.action)}</td>
            <td>
              <TargetCell entry={entry} onOnly={onTarget} />
            </td>
            <td>
              <AuditChanges before={entry.before} after={entry.after} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  </TableScroll>
);
