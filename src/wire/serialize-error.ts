import { isAtLeast, type ApiVersion } from './api-version.ts';

/**
 * The body of an error response in the format of `version` (docs/interface.md §7): from
 * 2026-01-01 the flat `{ code, type, message }`, plus `param` (a taxkit extension) naming the
 * request field the error is about, when there is one, so a client need not parse the message;
 * before, the nested `{ error: … }` with the field in `error_meta.field`.
 * `version` is `undefined` when the X-API-Version header itself was invalid: then the newest
 * (flat) format is used, since the caller asked for a version newer than this server knows.
 */
export function serializeError(
  status: number,
  type: string,
  message: string,
  field: string | undefined,
  version: ApiVersion | undefined,
): unknown {
  if (version === undefined || isAtLeast(version, '2026-01-01')) {
    return field === undefined || field === ''
      ? { code: status, type, message }
      : { code: status, type, message, param: field };
  }
  const code = type.toLowerCase();
  // The interface (docs/interface.md §7) names the nested fields `code` and `message`; the hosted API's documented
  // schema and its real clients use `error_code` and `error_message` (docs/interface.md §7).
  // Both pairs are sent, so a client written against either reads this body.
  return {
    error: {
      code,
      message,
      error_code: code,
      error_message: message,
      ...(field === undefined || field === '' ? {} : { error_meta: { field } }),
    },
  };
}
