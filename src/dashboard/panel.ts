import { el } from './dom.ts';

let panel: HTMLElement | undefined;
let opener: HTMLElement | undefined;

/**
 * The side panel a record's details open in: a drawer at the right over the list (the whole
 * screen on a phone), as hosted dashboards open a payment, so opening a transaction's lines no
 * longer squeezes the table (they used to open inside its last cell). One at a time; Escape or the close button shuts it and
 * gives focus back to the button that opened it.
 */
export function openPanel(title: string, from: HTMLElement, ...content: Node[]): HTMLElement {
  const root = panel ?? create();
  opener?.setAttribute('aria-expanded', 'false');
  opener = from;
  from.setAttribute('aria-expanded', 'true');
  const heading = root.querySelector('#panel-title') as HTMLElement;
  heading.textContent = title;
  const body = root.querySelector('.panel-body') as HTMLElement;
  body.replaceChildren(...content);
  root.hidden = false;
  heading.focus();
  return body;
}

/** Closes the panel, if open, and gives focus back to what opened it. */
export function closePanel(): void {
  if (panel === undefined || panel.hidden) return;
  panel.hidden = true;
  opener?.setAttribute('aria-expanded', 'false');
  if (opener?.isConnected === true) opener.focus();
  opener = undefined;
}

function create(): HTMLElement {
  const close = el('button', { type: 'button', class: 'panel-close', 'aria-label': 'Close' }, '×');
  close.addEventListener('click', closePanel);
  panel = el(
    'aside',
    { id: 'panel', class: 'panel', role: 'dialog', 'aria-labelledby': 'panel-title', hidden: true },
    el('div', { class: 'panel-head' }, el('h2', { id: 'panel-title', tabindex: '-1' }), close),
    el('div', { class: 'panel-body' }),
  );
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') closePanel();
  });
  document.body.append(panel);
  return panel;
}
