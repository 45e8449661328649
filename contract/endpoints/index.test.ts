import { describe, expect, it } from 'vitest';
import { AREAS, ENDPOINTS } from './index';

describe('the endpoints by area', () => {
  it('hold every endpoint exactly once, so each function has its area’s error alarm', () => {
    const inAreas = Object.values(AREAS).flatMap((area) => Object.keys(area));
    expect([...inAreas].sort()).toEqual(Object.keys(ENDPOINTS).sort());
    expect(new Set(inAreas).size).toBe(inAreas.length);
  });
});
