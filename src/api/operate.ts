import type { CallContext } from './call-context.ts';
import type { OperationArgs } from './operation.ts';

/**
 * Runs the operation named `name` (`transactions.listRefunds`) with arguments taken from a
 * request, for a caller that has decided the version and gated it already: the HTTP router,
 * which must answer 400 UNSUPPORTED_API_VERSION before it reads a body.
 */
export type Operate = (name: string, args: OperationArgs, context: CallContext) => unknown;

/**
 * Where an engine made by `createTaxEngine` keeps its {@link Operate} (a property that is not
 * enumerable and not in the public type): the router finds it there, and runs an engine made
 * any other way (a test double, a wrapper) through its methods instead.
 */
export const OPERATE: unique symbol = Symbol('taxkit.operate');
