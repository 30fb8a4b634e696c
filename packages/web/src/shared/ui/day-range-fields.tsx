import type { DayRange } from '../format/day-range.js';
import { Field } from './field.js';

/** "From" and "To" date inputs, each bounding the other; a cleared input clears its end. */
export const DayRangeFields = ({
  range,
  onChange,
}: {
  range: DayRange;
  onChange: (next: DayRange) => void;
}) => (
  <>
    <Field
      label="From"
      type="date"
      value={range.fromDay ?? ''}
      max={range.toDay}
      onChange={(event) => onChange({ ...range, fromDay: event.target.value || undefined })}
    />
    <Field
      label="To"
      type="date"
      value={range.toDay ?? ''}
      min={range.fromDay}
      onChange={(event) => onChange({ ...range, toDay: event.target.value || undefined })}
    />
  </>
);
