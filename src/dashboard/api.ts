/** A secret key the user gave, and the mode the server says it is for. */
export interface ModeKey {
  readonly key: string;
  readonly mode: 'test' | 'live';
}

/** An answer other than 2xx, with the API's error type and message. */
export class ApiError extends Error {
  readonly status: number;
  readonly type: string;
  constructor(status: number, type: string, message: string) {
    super(message);
    this.status = status;
    this.type = type;
  }
}

/**
 * Where the API is: the path the dashboard is served under, without `/dashboard` (a server
 * with a base path serves both under it).
 */
export function apiBase(): string {
  return location.pathname.replace(/\/dashboard(\/.*)?$/, '');
}

function urlOf(path: string, query: Readonly<Record<string, string>>): string {
  const search = new URLSearchParams(query).toString();
  return `${apiBase()}${path}${search === '' ? '' : `?${search}`}`;
}

/** GET on the API with the key, as any client would; a refusal becomes an {@link ApiError}. */
async function request(key: string, path: string, query: Readonly<Record<string, string>>): Promise<Response> {
  const response = await fetch(urlOf(path, query), {
    headers: { Authorization: `Bearer ${key}` },
    cache: 'no-store',
    credentials: 'omit',
  });
  if (response.ok) return response;
  let type = `HTTP_${response.status}`;
  let message = response.statusText;
  try {
    const body = (await response.json()) as {
      type?: string;
      message?: string;
      error?: { code?: string; message?: string };
    };
    type = body.type ?? body.error?.code?.toUpperCase() ?? type;
    message = body.message ?? body.error?.message ?? message;
  } catch {
    // Not JSON: the status says enough.
  }
  throw new ApiError(response.status, type, message);
}

/** The JSON answer of a GET. */
export async function getJson(key: string, path: string, query: Readonly<Record<string, string>> = {}): Promise<any> {
  return (await request(key, path, query)).json();
}

/** The text answer of a GET (the liability report's CSV), exactly as the server sent it. */
export async function getText(
  key: string,
  path: string,
  query: Readonly<Record<string, string>> = {},
): Promise<string> {
  return (await request(key, path, query)).text();
}

/**
 * Every item of a ledger list in the query's period, page by page (100 at a time), up to `max`
 * items; `truncated` says when there were more.
 */
export async function getAll(
  key: string,
  path: string,
  field: string,
  lastField: string,
  query: Readonly<Record<string, string>>,
  max = 5000,
): Promise<{ items: any[]; truncated: boolean }> {
  const items: any[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await getJson(key, path, { ...query, limit: '100', ...(cursor === undefined ? {} : { cursor }) });
    items.push(...page[field]);
    if (page.has_more !== true) return { items, truncated: false };
    if (items.length >= max) return { items, truncated: true };
    cursor = page[lastField];
  }
}

/** Which mode a key is for, from GET /tax/ping (which takes only a secret key). */
export async function modeOf(key: string): Promise<'test' | 'live'> {
  const ping = await getJson(key, '/tax/ping');
  return ping.env === 'prod' ? 'live' : 'test';
}
