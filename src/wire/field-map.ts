import { type DomainKey, dottedKey, isTaxError, renderTemplate, TaxError } from '../core/errors.ts';

/**
 * One operation's map from the core's domain keys (`['lines', 2, 'amount']`) to the request
 * field the caller sent (`order_details.line_items[2].amount`); `undefined` for a key the
 * operation does not know, which then keeps its dotted form.
 */
export type FieldMap = (key: DomainKey) => string | undefined;

/**
 * A field map from a table of top-level keys, e.g. `{ referenceProductId: 'reference_product_id' }`;
 * deeper keys are passed to `nested[first key]` with the rest of the key, under that field's prefix.
 */
export function fieldMap(
  names: Readonly<Record<string, string>>,
  nested: Readonly<Record<string, FieldMap>> = {},
): FieldMap {
  return (key) => {
    const [head, ...rest] = key;
    if (typeof head !== 'string' || !Object.hasOwn(names, head)) return undefined;
    const prefix = names[head] as string;
    if (rest.length === 0) return prefix;
    const inner = Object.hasOwn(nested, head) ? (nested[head] as FieldMap)(rest) : undefined;
    if (inner === undefined) return undefined;
    return inner.startsWith('[') ? `${prefix}${inner}` : `${prefix}.${inner}`;
  };
}

/** A field map for a list: `[2, ...rest]` -> `[2]` + the item map of `rest`. */
export function listFields(item: FieldMap): FieldMap {
  return ([index, ...rest]) => {
    if (typeof index !== 'number') return undefined;
    if (rest.length === 0) return `[${index}]`;
    const inner = item(rest);
    return inner === undefined ? undefined : `[${index}].${inner}`;
  };
}

/**
 * The error the caller should see: a TaxError made with a domain key (`keyedError`) names the
 * request field `map` gives for it, in `details.field` and in its message. Anything else is
 * returned as it is.
 */
export function mapFields(error: unknown, map: FieldMap): unknown {
  if (!isTaxError(error) || error.key === undefined) return error;
  const field = map(error.key);
  if (field === undefined) return error;
  const message =
    error.template === undefined
      ? error.message
      : renderTemplate(error.template, error.key, (key) => map(key) ?? dottedKey(key));
  return new TaxError(error.type, message, { details: { ...error.details, field }, cause: error });
}

/** Runs an operation and maps the domain keys of its errors with `map` (see {@link mapFields}). */
export async function withFields<T>(map: FieldMap, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw mapFields(error, map);
  }
}

/**
 * {@link withFields} for work that may finish at once: a value comes back as it is (its errors
 * thrown, mapped), a promise as a promise whose rejection is mapped. The calculation path uses
 * it so the common checkout, which waits for nothing, pays no promise per layer.
 */
export function withFieldsNow<T>(map: FieldMap, run: () => T | Promise<T>): T | Promise<T> {
  const result = withFieldsSync(map, run);
  return result instanceof Promise
    ? result.catch((error: unknown) => {
        throw mapFields(error, map);
      })
    : result;
}

/** {@link withFields} for synchronous work. */
export function withFieldsSync<T>(map: FieldMap, run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw mapFields(error, map);
  }
}
