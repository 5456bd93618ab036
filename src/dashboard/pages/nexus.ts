import { getJson } from '../api.ts';
import { el, table } from '../dom.ts';
import { day, money } from '../format.ts';
import { idChip } from '../id-chip.ts';
import type { PageContext } from './page.ts';

type Json = any;

const STATUS_ORDER: Readonly<Record<string, number>> = {
  exceeded: 0,
  approaching: 1,
  registered: 2,
  below: 3,
  no_sales_tax: 4,
};
const STATUS_TEXT: Readonly<Record<string, string>> = {
  exceeded: 'Threshold crossed',
  approaching: 'Approaching (80 %+)',
  registered: 'Registered',
  below: 'Below',
  no_sales_tax: 'No sales tax',
};

/**
 * Economic nexus now (GET /tax/nexus) and the registrations: every jurisdiction sorted by how
 * close it is (crossed first, then by progress), with a progress bar, the threshold and the
 * crossing date; jurisdictions without sales folded away.
 */
export async function nexusPage(context: PageContext): Promise<HTMLElement> {
  const [nexus, registrations] = await Promise.all([
    getJson(context.key, '/tax/nexus'),
    getJson(context.key, '/tax/registrations'),
  ]);
  const all: Json[] = [...nexus.jurisdictions].sort(
    (a, b) =>
      (STATUS_ORDER[a.status] ?? 9) - (STATUS_ORDER[b.status] ?? 9) ||
      b.progress - a.progress ||
      a.name.localeCompare(b.name),
  );
  const active = all.filter(
    (entry) => entry.status !== 'no_sales_tax' && (entry.transaction_count > 0 || entry.status !== 'below'),
  );
  const quiet = all.filter((entry) => !active.includes(entry));
  const root = el('div', { class: 'page-part' });
  root.append(el('p', { class: 'summary' }, `As of ${day(nexus.at)}: ${countBy(all)}.`));
  root.append(
    active.length === 0
      ? el('p', { class: 'summary' }, 'No sales counted toward any threshold yet.')
      : nexusList(active),
  );
  if (quiet.length > 0) {
    root.append(
      el(
        'details',
        {},
        el('summary', {}, `${quiet.length} jurisdictions without sales or without sales tax`),
        nexusList(quiet),
      ),
    );
  }
  const list: Json[] = registrations.registrations ?? [];
  root.append(
    list.length === 0
      ? el('p', { class: 'summary' }, 'No registrations recorded (POST /tax/registrations).')
      : table(
          'Registrations',
          ['Place', 'Type', 'Number', 'Active from', 'Expires'],
          list.map((registration) => [
            [registration.country, registration.province].filter(Boolean).join('-'),
            registration.type,
            registration.registration_number ?? '—',
            day(registration.active_from),
            registration.expires_at === null ? 'no end' : day(registration.expires_at),
          ]),
        ),
  );
  return root;
}

function countBy(entries: readonly Json[]): string {
  const counts = new Map<string, number>();
  for (const entry of entries) counts.set(entry.status, (counts.get(entry.status) ?? 0) + 1);
  return Object.keys(STATUS_ORDER)
    .filter((status) => counts.has(status))
    .map((status) => `${counts.get(status)} ${STATUS_TEXT[status]?.toLowerCase()}`)
    .join(', ');
}

function nexusList(entries: readonly Json[]): HTMLElement {
  return el(
    'ol',
    { class: 'nexus' },
    ...entries.map((entry) => {
      const threshold =
        entry.threshold_amount === null ? null : `${money(entry.threshold_amount, entry.currency)} ${entry.currency}`;
      const parts = [
        threshold === null ? undefined : `sales ${money(entry.sales_amount, entry.currency)} of ${threshold}`,
        entry.threshold_transactions === null
          ? undefined
          : `${entry.transaction_count} of ${entry.threshold_transactions} transactions`,
        entry.period === null ? undefined : `${entry.period.replaceAll('_', ' ')} from ${day(entry.period_start)}`,
      ].filter(Boolean);
      const progress = el('progress', {
        max: '1',
        value: String(Math.min(entry.progress, 1)),
        'aria-label': `${entry.name}: ${share(entry.progress)} of the threshold`,
      });
      return el(
        'li',
        { class: `nexus-${entry.status}`, 'data-jurisdiction': entry.jurisdiction },
        el(
          'div',
          { class: 'nexus-head' },
          el('strong', {}, entry.name),
          el('span', { class: `status status-${entry.status}` }, STATUS_TEXT[entry.status] ?? entry.status),
        ),
        progress,
        el('div', { class: 'nexus-facts' }, `${share(entry.progress)} · ${parts.join(' · ')}`),
        entry.crossed_at === null
          ? null
          : el(
              'div',
              { class: 'nexus-crossed' },
              `Crossed on ${day(entry.crossed_at)} by `,
              entry.crossed_by_transaction_id === null || entry.crossed_by_transaction_id === undefined
                ? '—'
                : idChip(entry.crossed_by_transaction_id, 'Transaction'),
            ),
      );
    }),
  );
}

/** Progress as a percentage, with decimals below 10 % so a first sale does not read as 0 %. */
function share(progress: number): string {
  const percent = progress * 100;
  if (percent > 0 && percent < 1) return `${percent.toFixed(2)} %`;
  return `${percent > 0 && percent < 10 ? percent.toFixed(1) : Math.round(percent)} %`;
}
