import type { EngineDeps } from '../engine-deps.ts';
import { LATEST_API_VERSION, requireVersion, type ApiVersion } from '../wire/api-version.ts';
import type {
  LatestApiVersion,
  ListRequest,
  PlatformApiVersion,
  RequestBodies,
  ResponseBodies,
} from '../wire/api-types.ts';
import { withFieldsNow } from '../wire/field-map.ts';
import type { CallContext } from './call-context.ts';
import { listOperations } from './list-operations.ts';
import { type AnyOperation, type ArgName, type OperationArgs, operationLabel } from './operation.ts';
import type { OperationTable } from './operation-table.ts';

/** The versions an operation exists in, from its `since`. */
type VersionsOf<S> = S extends PlatformApiVersion ? PlatformApiVersion : ApiVersion;

/** A query argument: the row's request kind, else the list query. */
type QueryOf<Q, V extends ApiVersion> = Q extends keyof RequestBodies ? RequestBodies<V>[Q] : ListRequest;

/** The positional arguments of an operation's engine method, before the call context. */
type ArgsOf<A, Q, V extends ApiVersion> = A extends readonly ['body']
  ? [request: RequestBodies<V>[Q & keyof RequestBodies]]
  : A extends readonly ['id']
    ? [id: string]
    : A extends readonly ['query']
      ? [query?: QueryOf<Q, V>]
      : A extends readonly ['id', 'query']
        ? [id: string, query?: QueryOf<Q, V>]
        : A extends readonly ['id', 'body']
          ? [id: string, request: RequestBodies<V>[Q & keyof RequestBodies]]
          : [];

/**
 * The engine method of one row: its arguments then the call context, answering the response
 * of the version the context asks for (the newest when it names none).
 */
export type MethodOf<O extends AnyOperation> = <V extends VersionsOf<O['since']> = LatestApiVersion>(
  ...args: [...ArgsOf<O['args'], O['request'], V>, context?: CallContext<V>]
) => Promise<ResponseBodies<V>[O['response']]>;

/** The engine's methods, nested as the table is. */
export type EngineOf<T> = {
  readonly [K in keyof T]: T[K] extends AnyOperation ? MethodOf<T[K]> : EngineOf<T[K]>;
};

/** Every method the operation table gives the engine: `engine.calculations.create`, … */
export type EngineMethods = EngineOf<OperationTable>;

/**
 * Runs one row for a call: decides the tenant and the version once, gates the version (unless
 * the caller already did, as the HTTP router does before it reads a body), parses, runs the
 * domain operation with its errors' keys named as request fields, serializes. Not `async`: an
 * operation that waits for nothing (the common checkout's calculation) runs in this turn and
 * pays for one settled promise. Never throws; failures reject.
 */
export function runOperation(
  row: AnyOperation,
  deps: EngineDeps,
  args: OperationArgs,
  context: CallContext | undefined,
  gated = false,
): Promise<unknown> {
  try {
    const tenant = context?.tenant ?? deps.defaultTenant;
    const version: ApiVersion = context?.version ?? LATEST_API_VERSION;
    if (!gated && row.since !== undefined) requireVersion(version, row.since, operationLabel(row));
    const input = row.parse(args, { version, publicKey: context?.publicKey === true, taxDate: context?.taxDate });
    const result =
      row.fields === undefined
        ? row.run(deps, tenant, input)
        : withFieldsNow(row.fields, () => row.run(deps, tenant, input));
    return result instanceof Promise
      ? result.then((done: unknown) => row.serialize(done, version, tenant.mode))
      : Promise.resolve(row.serialize(result, version, tenant.mode));
  } catch (error) {
    return Promise.reject(error);
  }
}

/** An engine method's positional arguments as the operation's named ones, and the context after them. */
export function argsOf(names: readonly ArgName[], positional: readonly unknown[]): OperationArgs {
  const args: { id?: unknown; body?: unknown; query?: unknown } = {};
  names.forEach((name, index) => {
    args[name] = positional[index];
  });
  return args;
}

/**
 * The engine's methods, built from the table: each row becomes the method at its place in the
 * nesting. The object is assembled at run time from the table, so it is asserted to the type
 * derived from the same table (a test checks that every row is a method and nothing else is).
 */
export function createEngineMethods(deps: EngineDeps): EngineMethods {
  const methods: Record<string, unknown> = {};
  for (const { name, row } of listOperations()) {
    const path = name.split('.');
    const key = path.pop() as string;
    let at = methods;
    for (const part of path) {
      at[part] ??= {};
      at = at[part] as Record<string, unknown>;
    }
    at[key] = methodOf(row, deps);
  }
  return methods as EngineMethods;
}

/**
 * The engine method of `row`: its positional arguments named as the row's `args`, then the
 * context. Written out for the shapes the table has, so the common call (a calculation's body
 * and context) builds one small object and no rest array; any other shape goes through
 * {@link argsOf}.
 */
function methodOf(row: AnyOperation, deps: EngineDeps): (...positional: unknown[]) => Promise<unknown> {
  const [first, second] = row.args;
  if (row.args.length === 1 && first === 'body') {
    return (body: unknown, context?: unknown) => runOperation(row, deps, { body }, context as CallContext | undefined);
  }
  if (row.args.length === 1 && first === 'id') {
    return (id: unknown, context?: unknown) => runOperation(row, deps, { id }, context as CallContext | undefined);
  }
  if (row.args.length === 2 && first === 'id' && second === 'body') {
    return (id: unknown, body: unknown, context?: unknown) =>
      runOperation(row, deps, { id, body }, context as CallContext | undefined);
  }
  const arity = row.args.length;
  return (...positional: unknown[]) =>
    runOperation(row, deps, argsOf(row.args, positional), positional[arity] as CallContext | undefined);
}
