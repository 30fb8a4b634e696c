import { DayRangeFields } from '../../../../shared/ui/day-range-fields.js';
import { SelectField } from '../../../../shared/ui/select-field.js';
import { AUDIT_ACTION_GROUPS, AUDIT_ACTION_WORDS, isAuditAction } from '../utils/audit-actions.js';
import { type AuditFilters, hasAuditFilters } from '../utils/audit-filters.js';

/** Each change applies at once and starts again from page 1. */
export const AuditFiltersForm = ({
  filters,
  onChange,
}: {
  filters: AuditFilters;
  onChange: (next: AuditFilters) => void;
}) => {
  const change = (patch: Partial<AuditFilters>) => onChange({ ...filters, ...patch, page: 1 });
  return (
    <form
      className="filters"
      aria-label="Filter the audit trail"
      onSubmit={(event) => event.preventDefault()}
    >
      <SelectField
        label="Action"
        value={filters.action ?? ''}
        onChange={(event) =>
          change({ action: isAuditAction(event.target.value) ? event.target.value : undefined })
        }
      >
        <option value="">All actions</option>
        {AUDIT_ACTION_GROUPS.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.actions.map((action) => (
              <option key={action} value={action}>
                {AUDIT_ACTION_WORDS[action]}
              </option>
            ))}
          </optgroup>
        ))}
      </SelectField>
      <DayRangeFields range={filters} onChange={(range) => change(range)} />
      {hasAuditFilters(filters) && (
        <button type="button" onClick={() => onChange({ page: 1 })}>
          Clear filters
        </button>
      )}
    </form>
  );
};
