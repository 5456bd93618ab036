/**
 * docs/filing.md works through one quarter of a seller's EU sales. This test records that
 * quarter (test/helpers/oss-quarter.ts) and checks the return and the BZSt upload the doc shows
 * are the ones taxkit gives. Regenerate with
 * `UPDATE_DOCS=1 npx vitest run test/docs/filing-example.test.ts`.
 */
import { describe, it } from 'vitest';
import { bzstFiles } from '../../src/wire/oss-bzst-csv.ts';
import { ossReturnCsv } from '../../src/wire/oss-return-csv.ts';
import { expectGeneratedBlock } from '../helpers/generated-block.ts';
import { buildOssQuarter, Q3_RATE } from '../helpers/oss-quarter.ts';

const DOC = new URL('../../docs/filing.md', import.meta.url);

describe('docs/filing.md', () => {
  it('shows the OSS return and the BZSt upload taxkit gives for its worked quarter', async () => {
    const { engine, store } = await buildOssQuarter();
    await store.importExchangeRates([Q3_RATE]);
    const filed = await engine.reports.oss({ quarter: '2026-Q3' });
    await engine.close();
    const expected = [
      'The return, `taxkit report oss --quarter 2026-Q3 --format csv`:',
      '',
      '```csv',
      ossReturnCsv(filed).trimEnd().replaceAll('\r\n', '\n'),
      '```',
      '',
      `Left out: ${filed.left_out.map((entry) => `${entry.reason} ${entry.sales}`).join(', ')}. Reference ${filed.reference}; total due EUR ${(filed.total_vat / 100).toFixed(2)}.`,
      '',
      'The BZSt upload (draft), `taxkit report oss --quarter 2026-Q3 --format bzst`:',
      '',
      '```csv',
      (bzstFiles(filed)[0] ?? '').trimEnd().replaceAll('\r\n', '\n'),
      '```',
    ].join('\n');
    expectGeneratedBlock(DOC, 'filing-example', 'test/docs/filing-example.test.ts', expected);
  });
});
