import { getJson } from '../api.ts';
import { el, table } from '../dom.ts';
import { when } from '../format.ts';
import type { PageContext } from './page.ts';

type Json = any;

/** The rate snapshot new calculations use and its tables (GET /tax/rates), embedded or imported. */
export async function ratesPage(context: PageContext): Promise<HTMLElement> {
  const rates = await getJson(context.key, '/tax/rates');
  const tables: Json[] = rates.tables;
  return el(
    'div',
    { class: 'page-part' },
    el(
      'p',
      { class: 'summary' },
      'Snapshot in use: ',
      el('code', { 'data-testid': 'snapshot' }, rates.snapshot),
      ` · rate revision ${rates.revision}`,
    ),
    table(
      'Rate tables, in the order they apply (later ones override earlier)',
      ['Table', 'Effective', 'Origin', 'In use', 'File', 'Rows', 'Imported'],
      tables.map((entry) => [
        el('span', { title: entry.source }, entry.name),
        entry.effective_date,
        entry.origin,
        entry.in_snapshot ? 'yes' : 'not yet',
        entry.file_name ?? '—',
        entry.row_count === null ? '—' : entry.row_count.toLocaleString('en-US'),
        entry.imported_at === null ? '—' : when(entry.imported_at),
      ]),
      [5],
    ),
  );
}
