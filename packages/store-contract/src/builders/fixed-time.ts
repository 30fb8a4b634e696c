/** The instant builders use when a test does not say otherwise. */
export const BUILDER_NOW = new Date('2026-03-01T12:00:00.000Z');

export const minutesAfter = (moment: Date, minutes: number): Date =>
  new Date(moment.getTime() + minutes * 60_000);
