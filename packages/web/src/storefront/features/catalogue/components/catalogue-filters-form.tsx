import { useEffect, useState } from 'react';
import { CATEGORIES, CATEGORY_WORDS, isCategory } from '../../../../shared/format/categories.js';
import { Field } from '../../../../shared/ui/field.js';
import { SelectField } from '../../../../shared/ui/select-field.js';
import { type CatalogueFilters, isFiltered } from '../utils/catalogue-filters.js';

/** The category applies at once, the search on Enter or Search; each change starts from page 1. */
export const CatalogueFiltersForm = ({
  filters,
  onChange,
}: {
  filters: CatalogueFilters;
  onChange: (next: CatalogueFilters) => void;
}) => {
  const change = (patch: Partial<CatalogueFilters>) => onChange({ ...filters, ...patch, page: 1 });
  const [search, setSearch] = useState(filters.search ?? '');
  // Back and Forward change the URL under the form: the box shows the search the page shows.
  useEffect(() => setSearch(filters.search ?? ''), [filters.search]);
  return (
    <search aria-label="Find products">
      <form
        className="filters"
        onSubmit={(event) => {
          event.preventDefault();
          change({ search: search.trim() || undefined });
        }}
      >
        <Field
          label="Search"
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
        {isFiltered(filters) && (
          <button type="button" onClick={() => onChange({ page: 1 })}>
            Clear filters
          </button>
        )}
      </form>
    </search>
  );
};
