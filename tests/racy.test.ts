import { describe, expect, it } from 'vitest';
import { clockNs, isRacy } from '../src/racy.ts';

describe('isRacy', () => {
  const readAt = clockNs(Date.parse('2026-01-01T12:00:00.500Z'));

  it('trusts a time clearly before the read', () => {
    expect(isRacy(readAt - 60_000_000n, readAt)).toBe(false);
  });

  it('distrusts a time within a tick of the read, or after it', () => {
    expect(isRacy(readAt - 10_000_000n, readAt)).toBe(true);
    expect(isRacy(readAt, readAt)).toBe(true);
    expect(isRacy(readAt + 1n, readAt)).toBe(true);
  });

  it('counts whole seconds as a coarse filesystem: two seconds before the read are not enough', () => {
    const second = clockNs(Date.parse('2026-01-01T11:59:59.000Z'));
    expect(isRacy(second, readAt)).toBe(true);
    expect(isRacy(second - 2_000_000_000n, readAt)).toBe(false);
  });
});
