import { el } from './dom.ts';

/** How many trailing characters a shortened id keeps: enough to tell a month's records apart. */
const TAIL = 6;

/** "tr_1791…000005": the id's prefix and its last characters. */
export function shortId(id: string): string {
  const prefix = /^[a-z]+(?:_[a-z]+)*_/.exec(id)?.[0] ?? '';
  const rest = id.slice(prefix.length);
  return rest.length <= TAIL + 5 ? id : `${prefix}${rest.slice(0, 4)}…${rest.slice(-TAIL)}`;
}

/**
 * An id shown short (ids are 40 to 50 characters, which pushed the amounts off a phone's
 * screen and wrapped over five lines in the two-column view), with the whole id on demand:
 * pressing it shows the whole id in place (and selects it, ready to copy), pressing again
 * shortens it. The whole id is also its tooltip and `data-id`.
 */
export function idChip(id: string, what: string): HTMLElement {
  const short = shortId(id);
  if (short === id) return el('code', { class: 'id', 'data-id': id }, id);
  const chip = el(
    'button',
    {
      type: 'button',
      class: 'id',
      title: id,
      'data-id': id,
      'aria-expanded': 'false',
      'aria-label': `${what} ${id}`,
    },
    short,
  );
  chip.addEventListener('click', () => {
    const open = chip.getAttribute('aria-expanded') !== 'true';
    chip.setAttribute('aria-expanded', String(open));
    chip.textContent = open ? id : short;
    if (open) getSelection()?.selectAllChildren(chip);
  });
  return chip;
}
