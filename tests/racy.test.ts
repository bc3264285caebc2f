import { describe, expect, it } from 'vitest';
import { clockNs, isRacy, isRacyMs, racyJudge } from '../src/racy.ts';

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

describe('isRacyMs', () => {
  const readAt = clockNs(Date.parse('2026-01-01T12:00:00.500Z'));
  const ms = Date.parse('2026-01-01T12:00:00.500Z');

  it('judges a time read as milliseconds with their fraction as isRacy judges it in ns', () => {
    expect(isRacyMs(ms - 60.25, readAt)).toBe(false);
    expect(isRacyMs(ms - 10.25, readAt)).toBe(true);
  });

  it('counts whole seconds as a coarse filesystem', () => {
    const second = Date.parse('2026-01-01T11:59:59.000Z');
    expect(isRacyMs(second, readAt)).toBe(true);
    expect(isRacyMs(second + 0.001, readAt)).toBe(false);
  });
});

describe('racyJudge', () => {
  const readAt = clockNs(Date.parse('2026-01-01T12:00:00.500Z'));
  const ms = Date.parse('2026-01-01T12:00:00.500Z');

  it('judges every time as isRacy judges it in ns, at the limits of both ticks too', () => {
    const judge = racyJudge(readAt);
    const second = Date.parse('2026-01-01T11:59:59.000Z');
    const times = [ms - 60.25, ms - 50.001, ms - 49.999, ms - 10.25, ms, ms + 1, second, second - 1000];
    for (const mtimeMs of times) {
      expect([mtimeMs, judge(mtimeMs)]).toEqual([mtimeMs, isRacy(BigInt(Math.floor(mtimeMs * 1e6)), readAt)]);
    }
    expect(times.map(judge)).toEqual([false, false, true, true, true, true, true, false]);
  });
});
