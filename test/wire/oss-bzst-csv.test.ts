import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OssReturn } from '../../src/wire/api-types.ts';
import { BZST_MAX_ROWS, bzstFile, bzstFiles } from '../../src/wire/oss-bzst-csv.ts';
import { createTestApi } from '../helpers/http-fixtures.ts';
import { buildOssQuarter, Q3_RATE } from '../helpers/oss-quarter.ts';

type Supply = OssReturn['member_states'][number]['supplies'][number];

/** A return of the union scheme made in Germany with these member states. */
function returnOf(
  states: readonly { country: string; supplies: Supply[] }[],
  scheme: OssReturn['scheme'] = 'union',
): OssReturn {
  return {
    object: 'tax.oss_return',
    quarter: '2026-Q3',
    currency: 'EUR',
    scheme,
    member_state_of_identification: 'DE',
    vat_number: 'DE123456789',
    reference: 'DE/123456789/Q3.2026',
    period_start: '2026-07-01',
    period_end: '2026-09-30',
    testmode: true,
    member_states: states.map((state) => ({ ...state, vat_amount: 0, corrections_vat_amount: 0, vat_due: 0 })),
    corrections: [],
    total_taxable_amount: 0,
    total_vat: 0,
    left_out: [],
    rounding: '',
    bzst_parts: 0,
  };
}

const service = (taxable: number, vat: number): Supply => ({
  kind: 'services',
  rate: 0.19,
  rate_type: 'STANDARD',
  taxable_amount: taxable,
  vat_amount: vat,
  dispatched_from: null,
  dispatched_from_vat_number: null,
});

describe('the BZSt upload of an OSS return (a draft, docs/filing.md)', () => {
  it('writes the worked quarter as the BZSt record types, over HTTP, marked a draft', async () => {
    const { engine, store } = await buildOssQuarter({ accountId: 'acct_a', mode: 'test' });
    await store.importExchangeRates([Q3_RATE]);
    const { handler } = createTestApi(engine);
    const response = await handler(
      new Request('http://taxkit.test/tax/reports/oss?quarter=2026-Q3&format=bzst', {
        headers: { authorization: 'Bearer sk_test_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' },
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('x-taxkit-draft')).toBe('true');
    expect(response.headers.get('x-taxkit-parts')).toBe('1');
    expect(await response.text()).toBe(
      [
        '#v2.0',
        '1,ES',
        '2,ES,STANDARD,21.00,32.00,6.72',
        '1,FR',
        '3,FR,STANDARD,20.00,80.00,16.00',
        '1,IT',
        '5,IT,1,FR,FR12345678901,,STANDARD,22.00,160.00,35.20',
        '1,NL',
        '3,NL,STANDARD,21.00,32.00,6.72',
        '3,NL,REDUCED,9.00,24.00,2.16',
        '',
      ].join('\r\n'),
    );
    const csv = await handler(
      new Request('http://taxkit.test/tax/reports/oss?quarter=2026-Q3&format=csv', {
        headers: { authorization: 'Bearer sk_test_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' },
      }),
    );
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'section,country,kind,rate_percent,rate_type,dispatched_from,dispatched_from_vat_number,corrected_quarter,taxable_eur,vat_eur',
    );
    expect(lines).toContain('correction,FR,,,,,,2026-Q2,-50.00,-10.00');
    expect(lines.at(-1)).toBe('total,,,,,,,,,56.80');
  });

  it('reads no return with a public key', async () => {
    const { engine } = await buildOssQuarter({ accountId: 'acct_a', mode: 'test' });
    const { call } = createTestApi(engine);
    const refused = await call('GET', '/tax/reports/oss?quarter=2026-Q3', {
      key: 'pk_test_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    });
    expect(refused.status).toBe(401);
    const bad = await call('GET', '/tax/reports/oss?quarter=2026-13', { version: '2026-03-01' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/^quarter /);
  });

  it('writes no zero line and refuses a return not made in Germany, naming format', () => {
    const body = returnOf([{ country: 'AT', supplies: [service(0, 0), service(1000, 200)] }]);
    expect(bzstFiles(body)).toStrictEqual(['#v2.0\r\n1,AT\r\n2,AT,STANDARD,19.00,10.00,2.00\r\n']);
    expect(() => bzstFile({ ...body, member_state_of_identification: 'FR' }, {})).toThrow(/^format: /);
    expect(() => bzstFile(body, { part: '2' })).toThrow(/^part: /);
  });

  it('splits into files of at most the limit, every supply once, each under its country row', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<OssReturn['scheme']>('union', 'non_union'),
        fc.array(fc.integer({ min: 0, max: 1600 }), { minLength: 1, maxLength: 5 }),
        (scheme, counts) => {
          const states = counts.map((count, index) => ({
            country: ['AT', 'BE', 'FR', 'IT', 'NL'][index] as string,
            supplies: Array.from({ length: count }, (_, n) => service(n + 1, 1)),
          }));
          const files = bzstFiles(returnOf(states, scheme));
          const seen: string[] = [];
          for (const file of files) {
            const rows = file.trimEnd().split('\r\n');
            expect(rows[0]).toBe(scheme === 'union' ? '#v2.0' : '#v3.0');
            expect(rows.length - 1).toBeLessThanOrEqual(BZST_MAX_ROWS[scheme]);
            let country = '';
            for (const row of rows.slice(1)) {
              const [type, code] = row.split(',');
              if (type === '1') country = code as string;
              else {
                expect(code).toBe(country);
                seen.push(row);
              }
            }
          }
          expect(seen).toHaveLength(counts.reduce((sum, count) => sum + count, 0));
          expect(new Set(seen).size).toBe(seen.length);
        },
      ),
      { numRuns: 25 },
    );
  });
});
