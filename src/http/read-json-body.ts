import { TaxError } from '../core/errors.ts';

/**
 * Deepest nesting of arrays and objects accepted. Real bodies nest about 5 deep; the limit keeps
 * recursive validation (metadata) and serialisation far from the stack's end.
 */
const MAX_DEPTH = 64;

/**
 * Turns a POST body into the JSON object the engine validates:
 * 415 UNSUPPORTED_MEDIA_TYPE for a Content-Type other than `application/json` (a UTF-8 charset
 * parameter is fine; a missing header is taken as JSON, as curl and most SDKs mean it), 400
 * INVALID_JSON for an empty body, text that is not JSON, or nesting deeper than 64, and 400
 * INCORRECT_TYPE for JSON that is not an object.
 */
export function readJsonBody(contentType: string | undefined, body: string | undefined): Record<string, unknown> {
  if (contentType !== undefined && !isJsonContentType(contentType)) {
    throw new TaxError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Content-Type "${contentType.slice(0, 100)}" is not supported; send the body as application/json.`,
    );
  }
  if (body === undefined || body.trim() === '') {
    throw new TaxError('INVALID_JSON', 'The request body is empty; send a JSON object.');
  }
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    const reason = error instanceof SyntaxError ? `: ${error.message.slice(0, 200)}` : '';
    throw new TaxError('INVALID_JSON', `The request body is not valid JSON${reason}.`);
  }
  // Checked on the parsed value, not by scanning the text first: V8's JSON.parse is not
  // recursive (a million levels parse), and walking the few nodes of a real body is cheaper
  // than reading every character of it again.
  if (nestsDeeperThan(value, MAX_DEPTH)) {
    throw new TaxError('INVALID_JSON', `The request body nests arrays and objects deeper than ${MAX_DEPTH} levels.`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TaxError('INCORRECT_TYPE', `The request body must be a JSON object, not ${describe(value)}.`);
  }
  return value as Record<string, unknown>;
}

function isJsonContentType(header: string): boolean {
  // What nearly every client sends, without splitting the header.
  if (header === 'application/json' || header === 'application/json; charset=utf-8') return true;
  const [mediaType = '', ...parameters] = header.split(';');
  if (mediaType.trim().toLowerCase() !== 'application/json') return false;
  for (const parameter of parameters) {
    const [name = '', value = ''] = parameter.split('=');
    if (name.trim().toLowerCase() !== 'charset') continue;
    const charset = value.trim().replace(/^"|"$/g, '').toLowerCase();
    if (charset !== 'utf-8' && charset !== 'utf8') return false;
  }
  return true;
}

/**
 * Whether arrays and objects in `value` nest more than `limit` levels (the body itself is level
 * 1). Recurses at most `limit + 1` levels, however deep the value.
 */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (limit === 0) return true;
  if (Array.isArray(value)) {
    for (const item of value) if (nestsDeeperThan(item, limit - 1)) return true;
    return false;
  }
  for (const key in value) {
    if (nestsDeeperThan((value as Record<string, unknown>)[key], limit - 1)) return true;
  }
  return false;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}
