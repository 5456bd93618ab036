import { describe, expect, it } from 'vitest';
import { ACCOUNT_A, calculationBody, createTestApi } from '../helpers/http-fixtures.ts';
import { isValidMetadata } from '../../src/wire/common-schemas.ts';
import { parseCalculationRequest } from '../../src/wire/fast-calculation-request.ts';
import {
  IP_ADDRESS_MAX_LENGTH,
  MAX_METADATA_KEYS,
  METADATA_KEY_MAX_LENGTH,
  PRODUCT_CATEGORY_MAX_LENGTH,
} from '../../src/wire/request-bounds.ts';

const PUBLIC = ACCOUNT_A.keys.publicTest as string;
const VERSION = '2026-03-01';

/** The flat error body names the field at the start of its message. */
function startsWith(field: string): RegExp {
  return new RegExp(`^${field.replace(/[.[\]]/g, '\\$&')} `);
}

function metadataOf(keys: number, keyLength = 8): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (let index = 0; index < keys; index += 1) metadata[String(index).padStart(keyLength, 'k')] = 'v';
  return metadata;
}

describe('bounds on what a caller sends', () => {
  it('a calculation with 80,000 metadata keys is refused with a public key, fast, naming metadata', async () => {
    const api = createTestApi();
    const started = performance.now();
    const result = await api.call('POST', '/tax/calculations', {
      key: PUBLIC,
      version: VERSION,
      body: { ...calculationBody(), metadata: metadataOf(80_000, 5) },
    });
    const elapsedMs = performance.now() - started;
    expect(result.status).toBe(400);
    expect(result.json.type).toBe('METADATA_TOO_LONG');
    expect(result.json.message).toMatch(startsWith('metadata'));
    expect(result.headers.get('x-request-id')).toMatch(/^req_/);
    // When it was accepted, it blocked the event loop 250–470 ms; refused, it costs the JSON
    // parse and one count of the keys (about 40 ms here). A loose bound, for a shared machine.
    expect(elapsedMs).toBeLessThan(1_000);
  });

  it('too many keys are refused before any value is read', () => {
    const metadata: Record<string, unknown> = {};
    for (let index = 0; index <= MAX_METADATA_KEYS; index += 1) {
      Object.defineProperty(metadata, `k${index}`, {
        enumerable: true,
        get: () => {
          throw new Error('a value was read');
        },
      });
    }
    expect(isValidMetadata(metadata)).toBe(false);
    expect(() => parseCalculationRequest({ ...calculationBody(), metadata })).toThrow(/at most 50 keys/);
  });

  it(`${MAX_METADATA_KEYS} keys pass, one more is refused, for calculations and transactions`, async () => {
    const api = createTestApi();
    const ok = await api.call('POST', '/tax/calculations', {
      version: VERSION,
      body: { ...calculationBody(), metadata: metadataOf(MAX_METADATA_KEYS) },
    });
    expect(ok.status).toBe(200);
    const over = await api.call('POST', '/tax/calculations', {
      version: VERSION,
      body: { ...calculationBody(), metadata: metadataOf(MAX_METADATA_KEYS + 1) },
    });
    expect(over.status).toBe(400);
    const sale = await api.call('POST', '/tax/transactions', {
      version: VERSION,
      body: { calculation_id: ok.json.id, reference_order_id: 'o-1', metadata: metadataOf(MAX_METADATA_KEYS + 1) },
    });
    expect(sale.status).toBe(400);
    expect(sale.json.type).toBe('METADATA_TOO_LONG');
    expect(sale.json.message).toMatch(startsWith('metadata'));
  });

  it(`a metadata key longer than ${METADATA_KEY_MAX_LENGTH} characters is refused, naming it`, async () => {
    const api = createTestApi();
    const key = 'k'.repeat(METADATA_KEY_MAX_LENGTH + 1);
    const result = await api.call('POST', '/tax/calculations', {
      key: PUBLIC,
      version: VERSION,
      body: { ...calculationBody(), metadata: { [key]: 'v' } },
    });
    expect(result.status).toBe(400);
    expect(result.json.type).toBe('METADATA_TOO_LONG');
    expect(result.json.message).toMatch(startsWith(`metadata.${key}`));
    const fits = await api.call('POST', '/tax/calculations', {
      key: PUBLIC,
      version: VERSION,
      body: { ...calculationBody(), metadata: { [key.slice(1)]: 'v' } },
    });
    expect(fits.status).toBe(200);
  });

  it('long strings that had no bound are refused naming the field', async () => {
    const api = createTestApi();
    const body = calculationBody(1) as { order_details: { line_items: Record<string, unknown>[] } };
    const long = 'X'.repeat(PRODUCT_CATEGORY_MAX_LENGTH + 1);
    const category = await api.call('POST', '/tax/calculations', {
      key: PUBLIC,
      version: VERSION,
      body: {
        ...body,
        order_details: {
          ...body.order_details,
          line_items: [{ ...body.order_details.line_items[0], product_category: long }],
        },
      },
    });
    expect(category.status).toBe(400);
    expect(category.json.message).toMatch(startsWith('order_details.line_items[0].product_category'));
    const ip = await api.call('POST', '/tax/calculations', {
      version: VERSION,
      body: { ...calculationBody(), customer: { ip: { value: '1'.repeat(IP_ADDRESS_MAX_LENGTH + 1) } } },
    });
    expect(ip.status).toBe(400);
    expect(ip.json.message).toMatch(startsWith('customer.ip.value'));
  });
});
