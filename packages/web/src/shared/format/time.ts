/** A date and time in the viewer's zone, to the minute. */
export const formatLocalTime = (iso: string, locale?: string): string =>
  new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });

/** The UTC instant, as shown on hover. */
export const formatUtcInstant = (iso: string): string =>
  `${new Date(iso).toISOString().replace('.000Z', 'Z')} (UTC)`;
