import { useEffect, useState } from 'react';
import { Field } from './field.js';

/**
 * A whole number from 1 to `max`, as typed: only a number in bounds reaches `onChange`; anything
 * else is named beside the field and, on leaving it, the field shows the last good number again.
 */
export const QuantityField = ({
  label,
  value,
  max,
  onChange,
}: {
  label: string;
  value: number;
  max: number;
  onChange: (quantity: number) => void;
}) => {
  const [typed, setTyped] = useState(String(value));
  useEffect(() => setTyped(String(value)), [value]);
  const quantity = Number(typed);
  const inBounds = /^\d+$/.test(typed.trim()) && quantity >= 1 && quantity <= max;
  return (
    <Field
      label={label}
      type="number"
      inputMode="numeric"
      min={1}
      max={max}
      step={1}
      value={typed}
      error={inBounds ? undefined : max === 1 ? 'Only 1 is available' : `Choose from 1 to ${max}`}
      onChange={(event) => {
        const next = event.target.value;
        setTyped(next);
        const number = Number(next);
        if (/^\d+$/.test(next.trim()) && number >= 1 && number <= max) onChange(number);
      }}
      onBlur={() => setTyped(String(value))}
    />
  );
};
