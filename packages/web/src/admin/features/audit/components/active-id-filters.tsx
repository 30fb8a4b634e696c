import type { components } from '@trx-shop/client';
import type { AuditFilters } from '../utils/audit-filters.js';
import { targetViewOf } from '../utils/audit-target.js';

type AuditEntry = components['schemas']['AuditEntry'];

/**
 * The actor and target filters, named as the entries shown name them (the URL holds only ids),
 * each with its own way back to the whole trail.
 */
export const ActiveIdFilters = ({
  filters,
  entries,
  onChange,
}: {
  filters: AuditFilters;
  entries: readonly AuditEntry[];
  onChange: (next: AuditFilters) => void;
}) => {
  if (!filters.actor && !filters.target) return null;
  const actor = entries.find((entry) => entry.actor.id === filters.actor)?.actor;
  const target = entries.find((entry) => entry.target.id === filters.target);
  return (
    <ul className="audit-active-filters" aria-label="Narrowed to">
      {filters.actor && (
        <li>
          Only actions by <strong>{actor?.label ?? 'admin'}</strong> <code>{filters.actor}</code>{' '}
          <button type="button" onClick={() => onChange({ ...filters, actor: undefined, page: 1 })}>
            Clear actor
          </button>
        </li>
      )}
      {filters.target && (
        <li>
          Only actions on <strong>{target ? targetViewOf(target).label.toLowerCase() : 'target'}</strong>{' '}
          <code>{filters.target}</code>{' '}
          <button type="button" onClick={() => onChange({ ...filters, target: undefined, page: 1 })}>
            Clear target
          </button>
        </li>
      )}
    </ul>
  );
};
