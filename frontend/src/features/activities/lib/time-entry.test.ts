import { describe, expect, it } from 'vitest';
import { amountToSend, amountToShow } from './amount';
import { durationBetween, momentOf, parseDuration, startIsAfterEnd, timeOfMoment } from './time-entry';

describe('time entry rules', () => {
  it('refuses a start after the end only when both are set', () => {
    expect(startIsAfterEnd('10:00', '09:59')).toBe(true);
    expect(startIsAfterEnd('09:00', '09:00')).toBe(false);
    expect(startIsAfterEnd('10:00', '')).toBe(false);
    expect(startIsAfterEnd('', '09:00')).toBe(false);
  });

  it('computes end minus start in milliseconds', () => {
    expect(durationBetween('08:15', '17:45')).toBe(9.5 * 3_600_000);
    expect(durationBetween('08:15', '')).toBeNull();
  });

  it('reads a typed duration as 24-hour hh:mm or hours', () => {
    expect(parseDuration('01:30')).toBe(90 * 60_000);
    expect(parseDuration('25:05')).toBe((25 * 60 + 5) * 60_000);
    expect(parseDuration('1.5')).toBe(90 * 60_000);
    expect(parseDuration('')).toBe(0);
    expect(parseDuration('1:75')).toBeNull();
    expect(parseDuration('abc')).toBeNull();
  });

  it('turns a day and a local time into a moment and back', () => {
    const iso = momentOf('2026-03-10', '14:05');
    expect(iso).not.toBeNull();
    expect(new Date(iso!).getHours()).toBe(14);
    expect(timeOfMoment(iso)).toBe('14:05');
    expect(momentOf('2026-03-10', '')).toBeNull();
  });

  it('sends amounts positive to the cent and shows expenses negated, in the user’s number format', () => {
    expect(amountToSend('-30.25', 'en-US')).toBe(30.25);
    expect(amountToSend('12,5', 'en-US')).toBe(12.5);
    expect(amountToSend('59,90', 'en-US')).toBe(59.9);
    expect(amountToSend('1.234,56', 'de-DE')).toBe(1234.56);
    expect(amountToSend('0.105', 'en-US')).toBeNull();
    expect(amountToSend('x', 'en-US')).toBeNull();
    expect(amountToSend('', 'de-DE')).toBe(0);
    expect(amountToShow(25.5, true, 'en-US')).toBe('-25.5');
    expect(amountToShow(25.5, false, 'de-DE')).toBe('25,5');
    expect(amountToShow(1234.5, false, 'de-DE')).toBe('1234,5');
  });
});
