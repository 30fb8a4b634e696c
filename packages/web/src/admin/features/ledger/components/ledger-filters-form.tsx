import { DayRangeFields } from '../../../../shared/ui/day-range-fields.js';
import { SelectField } from '../../../../shared/ui/select-field.js';
import { hasLedgerFilters, type LedgerFilters } from '../utils/ledger-filters.js';
import {
  isMovementStatus,
  isMovementType,
  MOVEMENT_STATUS_WORDS,
  MOVEMENT_STATUSES,
  MOVEMENT_TYPE_WORDS,
  MOVEMENT_TYPES,
} from '../utils/ledger-words.js';

/** Each change applies at once and starts again from page 1. */
export const LedgerFiltersForm = ({
  filters,
  onChange,
}: {
  filters: LedgerFilters;
  onChange: (next: LedgerFilters) => void;
}) => {
  const change = (patch: Partial<LedgerFilters>) => onChange({ ...filters, ...patch, page: 1 });
  return (
    <form className="filters" aria-label="Filter movements" onSubmit={(event) => event.preventDefault()}>
      <SelectField
        label="Type"
        value={filters.type ?? ''}
        onChange={(event) =>
          change({ type: isMovementType(event.target.value) ? event.target.value : undefined })
        }
      >
        <option value="">All types</option>
        {MOVEMENT_TYPES.map((type) => (
          <option key={type} value={type}>
            {MOVEMENT_TYPE_WORDS[type]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Status"
        value={filters.status ?? ''}
        onChange={(event) =>
          change({ status: isMovementStatus(event.target.value) ? event.target.value : undefined })
        }
      >
        <option value="">All statuses</option>
        {MOVEMENT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {MOVEMENT_STATUS_WORDS[status]}
          </option>
        ))}
      </SelectField>
      <DayRangeFields range={filters} onChange={(range) => change(range)} />
      {hasLedgerFilters(filters) && (
        <button type="button" onClick={() => onChange({ page: 1 })}>
          Clear filters
        </button>
      )}
    </form>
  );
};
