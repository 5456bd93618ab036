import { describe, expect, it } from 'vitest';
import { createRandomIds } from '../../src/random-ids.ts';
import { randomUuid } from '../../src/random-uuid.ts';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('randomUuid', () => {
  it('gives version-4 UUIDs, none repeated, across several refills of its pool', () => {
    // 64 KiB pool, 16 bytes an id: 10,000 ids draw the pool about two and a half times.
    const ids = Array.from({ length: 10_000 }, () => randomUuid());
    for (const id of ids) expect(id).toMatch(V4);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('spreads its random bits: every hex digit outside the fixed ones takes every value', () => {
    const ids = Array.from({ length: 2_000 }, () => randomUuid().replaceAll('-', ''));
    for (let position = 0; position < 32; position += 1) {
      if (position === 12) continue; // the version digit, always 4
      const seen = new Set(ids.map((id) => id[position]));
      // The variant digit has 4 values (8, 9, a, b); every other one 16.
      expect(seen.size, `hex digit ${position}`).toBe(position === 16 ? 4 : 16);
    }
  });
});

describe('createRandomIds', () => {
  it('shapes ids as the hosted API does: prefix, epoch milliseconds, then a UUID', () => {
    const id = createRandomIds().next('calc', 1_748_380_341_807);
    expect(id).toMatch(/^calc_1748380341807[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
