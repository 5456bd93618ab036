import { listOperations } from '../api/list-operations.ts';
import type { EngineMethods } from '../api/engine-methods.ts';
import { OPERATE, type Operate } from '../api/operate.ts';
import type { OperationArgs } from '../api/operation.ts';
import { TaxError } from '../core/errors.ts';

/**
 * What the router accepts in place of an engine method: any function (a test double may
 * answer anything), called with what the client sent. Declared as a method so its parameters
 * are compared both ways, which lets the engine's typed methods stand in for it.
 */
type LooseMethod = { method(...args: unknown[]): unknown }['method'];

type Loosely<T> = { readonly [K in keyof T]?: T[K] extends LooseMethod ? LooseMethod : Loosely<T[K]> };

/**
 * What the HTTP layer accepts: a `TaxEngine`, or a partial one (a test double, an engine
 * without some operations) that has at least `calculations.create`. A route whose method is
 * missing answers 404 ROUTE_NOT_FOUND. Derived from the operation table, as the engine is.
 */
export type HttpEngine = Loosely<EngineMethods> & {
  readonly calculations: { readonly create: LooseMethod };
  /** Called before answers are sent, so what they announce is visible to other processes (`TaxEngine.flush`). */
  readonly flush?: () => void;
};

/**
 * How the router runs operations on `engine`: an engine made by `createTaxEngine` runs them
 * straight from the table (the router has gated the version, so it is not gated twice); any
 * other engine through its methods, looked up once here, where a missing one answers 404
 * ROUTE_NOT_FOUND ("… is not available in this taxkit engine").
 */
export function operateEngine(engine: HttpEngine): Operate {
  const own = (engine as { readonly [OPERATE]?: Operate })[OPERATE];
  if (typeof own === 'function') return own;
  const methods = new Map<string, (args: OperationArgs, context: unknown) => unknown>();
  for (const { name, row } of listOperations()) {
    const path = name.split('.');
    const method = path.pop() as string;
    const owner = path.reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], engine) as
      Record<string, unknown> | undefined;
    const own = owner?.[method];
    if (typeof own !== 'function') continue;
    methods.set(name, (args, context) => own.call(owner, ...row.args.map((arg) => args[arg]), context));
  }
  return (name, args, context) => {
    const method = methods.get(name);
    if (method === undefined) {
      return Promise.reject(new TaxError('ROUTE_NOT_FOUND', `${name} is not available in this taxkit engine.`));
    }
    return method(args, context);
  };
}
