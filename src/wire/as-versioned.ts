/**
 * The one type assertion of the serializers: a body whose fields depend on the API version is
 * built field by field (and its lines by `serializeLine`, per version and context), which the
 * compiler cannot follow into the per-version types of src/wire/api-types.ts. What holds the
 * answer to its type is the response-schema test (test/wire/response-schemas.test.ts), which
 * parses every serializer's real output in every version with the strict schemas those types
 * are made from. Bodies that do not depend on the version are typed without it.
 */
export function asVersioned<T>(body: object): T {
  return body as T;
}
