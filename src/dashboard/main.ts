import { ApiError, type ModeKey, modeOf } from './api.ts';
import { el } from './dom.ts';
import { thisMonth } from './format.ts';
import { closePanel } from './panel.ts';
import { liabilityPage } from './pages/liability.ts';
import { nexusPage } from './pages/nexus.ts';
import type { Page } from './pages/page.ts';
import { ratesPage } from './pages/rates.ts';
import { transactionsPage } from './pages/transactions.ts';

/** Session storage only: the keys go when the tab closes, and no other tab or site sees them. */
const STORAGE = 'taxkit-dashboard-keys';

const PAGES: Readonly<Record<string, { title: string; page: Page; filters: readonly string[] }>> = {
  transactions: { title: 'Recorded transactions and refunds', page: transactionsPage, filters: ['month', 'order'] },
  liability: { title: 'What is owed, per jurisdiction', page: liabilityPage, filters: ['month'] },
  nexus: { title: 'Economic nexus', page: nexusPage, filters: [] },
  rates: { title: 'Rate tables and the snapshot in use', page: ratesPage, filters: [] },
};

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

function storedKeys(): ModeKey[] {
  try {
    const keys = JSON.parse(sessionStorage.getItem(STORAGE) ?? '[]') as ModeKey[];
    return Array.isArray(keys) ? keys : [];
  } catch {
    return [];
  }
}

/** "sk_test_…wxyz": enough to tell keys apart, never the key itself on screen. */
function masked(key: string): string {
  return `${key.slice(0, key.indexOf('_', 3) + 1)}…${key.slice(-4)}`;
}

function showLogin(): void {
  byId('app-view').hidden = true;
  byId('logout').hidden = true;
  byId('who').textContent = '';
  byId('login-view').hidden = false;
  byId<HTMLInputElement>('key').focus();
}

async function login(event: SubmitEvent): Promise<void> {
  event.preventDefault();
  const error = byId('login-error');
  const button = (event.target as HTMLFormElement).querySelector('button') as HTMLButtonElement;
  const given = [byId<HTMLInputElement>('key').value.trim(), byId<HTMLInputElement>('key2').value.trim()].filter(
    (key) => key !== '',
  );
  error.hidden = true;
  if (given.length === 0) return fail('Paste a secret key (sk_test_… or sk_live_…).');
  button.disabled = true;
  try {
    const keys: ModeKey[] = [];
    for (const key of given) {
      try {
        keys.push({ key, mode: await modeOf(key) });
      } catch (reason) {
        if (reason instanceof ApiError) {
          return fail(`The server refused the key ${masked(key)}: ${reason.message} (${reason.status} ${reason.type})`);
        }
        return fail(`The server could not be reached: ${(reason as Error).message}`);
      }
    }
    if (keys.length === 2 && keys[0]?.mode === keys[1]?.mode) {
      return fail(`Both keys are ${keys[0]?.mode} mode keys; give one test and one live key, or just one.`);
    }
    keys.sort((a, b) => (a.mode === b.mode ? 0 : a.mode === 'test' ? -1 : 1));
    sessionStorage.setItem(STORAGE, JSON.stringify(keys));
    byId<HTMLFormElement>('login').reset();
    showApp(keys, true);
  } finally {
    button.disabled = false;
  }

  function fail(message: string): void {
    error.textContent = message;
    error.hidden = false;
  }
}

function showApp(keys: readonly ModeKey[], focus: boolean): void {
  byId('login-view').hidden = true;
  byId('app-view').hidden = false;
  byId('logout').hidden = false;
  byId('who').textContent = keys
    .map((entry) => `${entry.mode === 'test' ? 'Test' : 'Live'} ${masked(entry.key)}`)
    .join(' · ');
  const month = byId<HTMLInputElement>('month');
  if (month.value === '') month.value = thisMonth();
  void render(keys, focus);
}

let generation = 0;

async function render(keys: readonly ModeKey[], focus: boolean): Promise<void> {
  const name = location.hash.slice(1) in PAGES ? location.hash.slice(1) : 'transactions';
  const spec = PAGES[name] as (typeof PAGES)[string];
  const current = ++generation;
  // A record's panel belongs to the page it was opened from.
  closePanel();
  for (const link of document.querySelectorAll<HTMLAnchorElement>('nav.pages a')) {
    if (link.hash === `#${name}`) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  for (const filter of ['month', 'order']) {
    const shown = spec.filters.includes(filter);
    byId(filter).hidden = !shown;
    (document.querySelector(`label[for="${filter}"]`) as HTMLElement).hidden = !shown;
  }
  (byId('filters').querySelector('button') as HTMLElement).hidden = spec.filters.length === 0;
  const title = byId('page-title');
  title.textContent = spec.title;
  document.title = `${spec.title} · taxkit`;
  const status = byId('status');
  status.textContent = 'Loading…';
  const modes = byId('modes');
  modes.replaceChildren();
  const context = {
    month: byId<HTMLInputElement>('month').value || thisMonth(),
    orderId: byId<HTMLInputElement>('order').value.trim(),
  };
  const sections = keys.map((entry) => {
    const section = el(
      'section',
      {
        class: `mode mode-${entry.mode}`,
        'data-mode': entry.mode,
        'aria-label': `${entry.mode} mode`,
        'aria-busy': 'true',
      },
      el('h3', { class: 'mode-label' }, entry.mode === 'test' ? 'Test mode' : 'Live mode'),
    );
    modes.append(section);
    return { entry, section };
  });
  if (focus) title.focus();
  await Promise.all(
    sections.map(async ({ entry, section }) => {
      let part: HTMLElement;
      try {
        part = await spec.page({ key: entry.key, mode: entry.mode, ...context });
      } catch (reason) {
        const message =
          reason instanceof ApiError
            ? `The API answered ${reason.status} ${reason.type}: ${reason.message}`
            : `The API could not be read: ${(reason as Error).message}`;
        part = el('p', { class: 'error', role: 'alert' }, message);
      }
      if (current !== generation) return;
      section.append(part);
      section.setAttribute('aria-busy', 'false');
    }),
  );
  if (current === generation) status.textContent = `Showing ${keys.map((entry) => entry.mode).join(' and ')} mode.`;
}

function start(): void {
  byId<HTMLFormElement>('login').addEventListener('submit', (event) => void login(event));
  byId<HTMLFormElement>('filters').addEventListener('submit', (event) => {
    event.preventDefault();
    void render(storedKeys(), false);
  });
  byId('logout').addEventListener('click', () => {
    closePanel();
    sessionStorage.removeItem(STORAGE);
    byId('modes').replaceChildren();
    showLogin();
  });
  window.addEventListener('hashchange', () => {
    const keys = storedKeys();
    if (keys.length > 0) void render(keys, true);
  });
  const keys = storedKeys();
  if (keys.length > 0) showApp(keys, false);
  else showLogin();
}

start();
