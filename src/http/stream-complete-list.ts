import type { HttpResponse } from './http-message.ts';
import { jsonResponse } from './json-response.ts';

/** One page of a list as the serializers give it: one array member, `has_more`, the next cursor. */
type ListPage = Readonly<Record<string, unknown>> & { readonly has_more?: unknown };

/**
 * The whole of a paged list as one JSON answer: `{ "refunds": [every refund], "has_more":
 * false, "last_refund_id": … }`, for a client that reads the list without a cursor (the hosted
 * API's refund list has none). Pages are read one after another from `next(cursor)`; each is
 * serialized on its own and the event loop gets a turn between them, so a list of any length
 * blocks the server for one page at a time (a page of 1,000-line refunds is a few MB of JSON),
 * never for the whole list. A first page without more is answered as it is, with a length.
 */
export function streamCompleteList(
  first: ListPage,
  next: (cursor: string) => Promise<ListPage>,
  requestId: string,
  headers?: Readonly<Record<string, string>>,
): HttpResponse {
  if (first.has_more !== true) return jsonResponse(200, first, requestId, headers);
  const listKey = Object.keys(first).find((key) => Array.isArray(first[key]));
  const cursorKey = Object.keys(first).find((key) => key.startsWith('last_'));
  if (listKey === undefined || cursorKey === undefined) return jsonResponse(200, first, requestId, headers);
  const plain = jsonResponse(200, {}, requestId, headers);
  return { status: 200, headers: plain.headers, body: '', chunks: pieces(first, next, listKey, cursorKey) };
}

async function* pieces(
  first: ListPage,
  next: (cursor: string) => Promise<ListPage>,
  listKey: string,
  cursorKey: string,
): AsyncGenerator<string> {
  yield `{${JSON.stringify(listKey)}:[`;
  let page = first;
  let written = 0;
  for (;;) {
    const items = page[listKey] as readonly unknown[];
    let text = '';
    for (const item of items) {
      text += (written === 0 ? '' : ',') + JSON.stringify(item);
      written += 1;
    }
    if (text !== '') yield text;
    const cursor = page[cursorKey];
    if (page.has_more !== true || typeof cursor !== 'string') break;
    // A turn for the other requests before the next page is read and serialized.
    await new Promise((resolve) => setImmediate(resolve));
    page = await next(cursor);
  }
  // The members after the list, from the last page (`has_more: false`, the last cursor), in
  // the serializer's order.
  let tail = ']';
  for (const key of Object.keys(page)) {
    if (key !== listKey) tail += `,${JSON.stringify(key)}:${JSON.stringify(page[key])}`;
  }
  yield `${tail}}`;
}
