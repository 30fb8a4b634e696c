import { type SelectHTMLAttributes, useId } from 'react';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  readonly label: string;
  /** Announced with the field, as `<Field>`'s error is. */
  readonly error?: string | undefined;
}

/** A native select with its visible label, the select's twin of `<Field>`. */
export const SelectField = ({ label, error, children, ...select }: SelectFieldProps) => {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...select}
      >
        {children}
      </select>
      {error && (
        <small id={`${id}-error`} className="field-error">
          {error}
        </small>
      )}
    </div>
  );
};
