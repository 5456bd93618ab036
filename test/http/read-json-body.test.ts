import { describe, expect, it } from 'vitest';
import { readJsonBody } from '../../src/http/read-json-body.ts';

const nested = (levels: number) => `${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`;

describe('readJsonBody nesting', () => {
  it('accepts 64 levels of nesting and refuses 65 with INVALID_JSON', () => {
    expect(readJsonBody('application/json', nested(64))).toHaveProperty('a');
    expect(() => readJsonBody('application/json', nested(65))).toThrow(
      expect.objectContaining({ type: 'INVALID_JSON', message: expect.stringContaining('deeper than 64') }),
    );
  });

  it('refuses a body nested 200,000 deep with INVALID_JSON, without running out of stack', () => {
    const body = `{"a":${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
    expect(() => readJsonBody('application/json', body)).toThrow(expect.objectContaining({ type: 'INVALID_JSON' }));
  });

  it('counts arrays as levels and brackets inside strings as text', () => {
    const arrays = `{"a":${'['.repeat(63)}${']'.repeat(63)}}`;
    expect(readJsonBody(undefined, arrays)).toHaveProperty('a');
    expect(() => readJsonBody(undefined, `{"a":${'['.repeat(64)}${']'.repeat(64)}}`)).toThrow(
      expect.objectContaining({ type: 'INVALID_JSON' }),
    );
    const text = `{"note":"${'[{'.repeat(500)}"}`;
    expect(readJsonBody(undefined, text)).toEqual({ note: '[{'.repeat(500) });
  });

  it('looks inside a "__proto__" key too', () => {
    expect(() => readJsonBody(undefined, `{"__proto__":${nested(64)}}`)).toThrow(
      expect.objectContaining({ type: 'INVALID_JSON' }),
    );
  });
});
