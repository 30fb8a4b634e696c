import { formatLocalTime, formatUtcInstant } from '../format/time.js';

/** A time in the viewer's zone; the UTC instant on hover and in the markup. */
export const Time = ({ iso }: { iso: string }) => (
  <time dateTime={iso} title={formatUtcInstant(iso)}>
    {formatLocalTime(iso)}
  </time>
);
