import { useState } from 'react';
import { Field } from '../../../../shared/ui/field.js';
import { DayRangeFields } from '../../../../shared/ui/day-range-fields.js';
import { SelectField } from '../../../../shared/ui/select-field.js';
import { isOrderStatus, ORDER_STATUS_WORDS, ORDER_STATUSES } from '../../../../shared/format/order-status.js';
import { hasSalesFilters, type SalesFilters } from '../utils/sales-filters.js';

/** Each change applies at once (the customer search on Enter or Search) and starts again from page 1. */
export const SalesFiltersForm = ({
  filters,
  onChange,
}: {
  filters: SalesFilters;
  onChange: (next: SalesFilters) => void;
}) => {
  const change = (patch: Partial<SalesFilters>) => onChange({ ...filters, ...patch, page: 1 });
  // Typed text is sent once asked for, not one request per keystroke.
  const [search, setSearch] = useState(filters.search ?? '');
  return (
    <form
      className="filters"
      aria-label="Filter orders"
      onSubmit={(event) => {
        event.preventDefault();
        change({ search: search.trim() || undefined });
      }}
    >
      <Field
        label="Customer or order number"
        type="search"
        hint="Part of a username or email, or #TRX-42"
        maxLength={200}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <button type="submit">Search</button>
      <SelectField
        label="Status"
        value={filters.status ?? ''}
        onChange={(event) =>
          change({ status: isOrderStatus(event.target.value) ? event.target.value : undefined })
        }
      >
        <option value="">All statuses</option>
        {ORDER_STATUSES.map((status) => (
          <option key={status} value={status}>
            {ORDER_STATUS_WORDS[status]}
          </option>
        ))}
      </SelectField>
      <DayRangeFields range={filters} onChange={(range) => change(range)} />
      {hasSalesFilters(filters) && (
        <button
          type="button"
          onClick={() => {
            setSearch('');
            onChange({ page: 1 });
          }}
        >
          Clear filters
        </button>
      )}
    </form>
  );
};
