import { useState } from 'react';
import { Field } from '../../../../shared/ui/field.js';

/** The search is sent on Enter or Search (not per keystroke) and starts again from page 1. */
export const CustomerSearchForm = ({
  search,
  onSearch,
}: {
  search: string | undefined;
  onSearch: (search: string | undefined) => void;
}) => {
  const [typed, setTyped] = useState(search ?? '');
  return (
    <form
      className="filters"
      aria-label="Search customers"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(typed.trim() || undefined);
      }}
    >
      <Field
        label="Username or email"
        type="search"
        hint="Part of a username or email"
        maxLength={200}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
      <button type="submit">Search</button>
      {search && (
        <button
          type="button"
          onClick={() => {
            setTyped('');
            onSearch(undefined);
          }}
        >
          Clear search
        </button>
      )}
    </form>
  );
};
