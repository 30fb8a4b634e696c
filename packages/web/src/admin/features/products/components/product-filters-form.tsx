import { useState } from 'react';
import { Field } from '../../../../shared/ui/field.js';
import { SelectField } from '../../../../shared/ui/select-field.js';
import { CATEGORIES, CATEGORY_WORDS, isCategory } from '../../../../shared/format/categories.js';
import { hasProductFilters, type ProductFilters } from '../utils/product-filters.js';

/** Each change applies at once (the search on Enter or Search) and starts again from page 1. */
export const ProductFiltersForm = ({
  filters,
  onChange,
}: {
  filters: ProductFilters;
  onChange: (next: ProductFilters) => void;
}) => {
  const change = (patch: Partial<ProductFilters>) => onChange({ ...filters, ...patch, page: 1 });
  const [search, setSearch] = useState(filters.search ?? '');
  return (
    <form
      className="filters"
      aria-label="Filter products"
      onSubmit={(event) => {
        event.preventDefault();
        change({ search: search.trim() || undefined });
      }}
    >
      <Field
        label="Name or description"
        type="search"
        maxLength={200}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <button type="submit">Search</button>
      <SelectField
        label="Category"
        value={filters.category ?? ''}
        onChange={(event) =>
          change({ category: isCategory(event.target.value) ? event.target.value : undefined })
        }
      >
        <option value="">All categories</option>
        {CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {CATEGORY_WORDS[category]}
          </option>
        ))}
      </SelectField>
      {hasProductFilters(filters) && (
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
