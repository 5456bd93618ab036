import { TaxError } from '../core/errors.ts';
import type { CompleteHttpEngine, HttpEngine } from './http-engine.ts';

/** The resource methods of {@link CompleteHttpEngine}, by resource path. */
const METHODS: Readonly<Record<string, readonly string[]>> = {
  calculations: ['create', 'replay'],
  transactions: ['create', 'get', 'delete', 'listRefunds'],
  refunds: ['create'],
  refundReversals: ['create'],
  products: ['create', 'get', 'list', 'delete'],
  customers: ['create', 'get', 'list', 'delete'],
  merchants: ['create', 'list', 'get', 'update', 'delete'],
  'platform.calculations': ['create'],
  'platform.transactions': ['create'],
};

/**
 * `engine` with every method the routes call: the engine's own where it has one, else one
 * that answers 404 ROUTE_NOT_FOUND ("… is not available in this taxkit engine"). Done once
 * per handler, so the route table calls methods without checking for them.
 */
export function completeHttpEngine(engine: HttpEngine): CompleteHttpEngine {
  const complete: Record<string, unknown> = {};
  for (const [path, methods] of Object.entries(METHODS)) {
    const resource = path
      .split('.')
      .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], engine) as
      Record<string, unknown> | undefined;
    const filled: Record<string, unknown> = {};
    for (const method of methods) {
      const own = resource?.[method];
      filled[method] =
        typeof own === 'function'
          ? own.bind(resource)
          : () =>
              Promise.reject(
                new TaxError('ROUTE_NOT_FOUND', `${path}.${method} is not available in this taxkit engine.`),
              );
    }
    const [head, tail] = path.split('.') as [string, string | undefined];
    if (tail === undefined) complete[head] = filled;
    else complete[head] = { ...(complete[head] as object | undefined), [tail]: filled };
  }
  return complete as unknown as CompleteHttpEngine;
}
