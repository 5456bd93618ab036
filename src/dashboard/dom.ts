type Child = Node | string | number | null | undefined | false;

/** An element with attributes and children; text is always a text node (never parsed as HTML). */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Readonly<Record<string, string | boolean | undefined>> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : value);
  }
  append(element, children);
  return element;
}

function append(parent: Node, children: readonly Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }
}

/**
 * A table from its header cells and rows; numeric columns (by index) are right-aligned. Each
 * cell carries its column's header as `data-label`: on a phone the stylesheet lays every row
 * out as a card of labelled fields, first columns first, so nothing hides behind a sideways
 * scroll (which is why the amounts come first in the tables that have them).
 */
export function table(
  caption: string,
  headers: readonly string[],
  rows: readonly Child[][],
  numeric: readonly number[] = [],
): HTMLElement {
  return el(
    'div',
    { class: 'table-wrap' },
    el(
      'table',
      { class: 'stack' },
      el('caption', {}, caption),
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          ...headers.map((header, index) =>
            el('th', { scope: 'col', class: numeric.includes(index) ? 'num' : undefined }, header),
          ),
        ),
      ),
      el(
        'tbody',
        {},
        ...rows.map((row) =>
          el(
            'tr',
            {},
            ...row.map((cell, index) =>
              el(
                'td',
                { class: numeric.includes(index) ? 'num' : undefined, 'data-label': headers[index] || undefined },
                cell,
              ),
            ),
          ),
        ),
      ),
    ),
  );
}
