import { describe, expect, it } from 'vitest';
import { formatUtcInstant } from '../../src/shared/format/time.js';

describe('times', () => {
  it('shows the UTC instant on hover, to the second', () => {
    expect(formatUtcInstant('2026-03-01T08:05:09.000Z')).toBe('2026-03-01T08:05:09Z (UTC)');
  });

  it('keeps milliseconds when the instant has them', () => {
    expect(formatUtcInstant('2026-03-01T08:05:09.120Z')).toBe('2026-03-01T08:05:09.120Z (UTC)');
  });
});
