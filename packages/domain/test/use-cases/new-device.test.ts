import { isNewDevice } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';

/*
 * The new-device rule (docs/decisions.md, "Sign-in from a new device"): a password sign-in is new
 * when its device label and client address together match none of the account's sessions active
 * in the last 90 days; the account's first sign-in is never new.
 */

const NOW = new Date('2026-06-01T12:00:00.000Z');
const DAY = 86_400_000;
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';
const created = new Date(NOW.getTime() - 200 * DAY);
/** An account that signed in before, yesterday. */
const returning = { createdAt: created, lastLogin: new Date(NOW.getTime() - DAY) };
const session = (ipAddress: string, daysAgo: number) => ({
  device: 'Firefox on Linux',
  ipAddress,
  lastActive: new Date(NOW.getTime() - daysAgo * DAY),
});

describe('isNewDevice', () => {
  it('is not new when a recent session has the same device label and address (another Firefox build included)', () => {
    const otherBuild = FIREFOX_LINUX.replace('140.0', '141.0');
    expect(
      isNewDevice(
        returning,
        [session('203.0.113.9', 3)],
        { userAgent: otherBuild, ipAddress: '203.0.113.9' },
        NOW,
      ),
    ).toBe(false);
  });

  it('is new from a known device at a new address, or a new device at a known address', () => {
    const sessions = [session('203.0.113.9', 3)];
    expect(
      isNewDevice(returning, sessions, { userAgent: FIREFOX_LINUX, ipAddress: '198.51.100.4' }, NOW),
    ).toBe(true);
    expect(
      isNewDevice(returning, sessions, { userAgent: CHROME_WINDOWS, ipAddress: '203.0.113.9' }, NOW),
    ).toBe(true);
  });

  it('forgets sessions not active for more than 90 days', () => {
    const client = { userAgent: FIREFOX_LINUX, ipAddress: '203.0.113.9' };
    expect(isNewDevice(returning, [session('203.0.113.9', 90)], client, NOW)).toBe(false);
    expect(isNewDevice(returning, [session('203.0.113.9', 90.001)], client, NOW)).toBe(true);
  });

  it("is never new on the account's first sign-in: after registering, or an admin made on the server", () => {
    const client = { userAgent: CHROME_WINDOWS, ipAddress: '198.51.100.4' };
    expect(
      isNewDevice({ createdAt: created, lastLogin: created }, [session('203.0.113.9', 150)], client, NOW),
    ).toBe(false);
    expect(isNewDevice({ createdAt: created, lastLogin: null }, [], client, NOW)).toBe(false);
  });
});
