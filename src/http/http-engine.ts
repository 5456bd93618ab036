import type { CallContext } from '../engine-deps.ts';

/** What a list operation takes from the query string (`?cursor=…&limit=…`). */
export interface ListQuery {
  /** Exclusive cursor: the last id of the previous page. */
  readonly cursor?: string;
  /** Page size as the query gave it; the engine validates it (1..100). */
  readonly limit?: string;
}

/**
 * Every resource method the routes call, each taking the service interface's JSON and
 * returning its JSON. `TaxEngine` is assignable to it; the route table works on this complete
 * type, so no route checks whether a method exists. The bodies are `unknown` here: the router
 * hands on what the client sent, and the engine validates it. (Methods, not function-typed
 * properties, so the engine's typed parameters are accepted.)
 */
export interface CompleteHttpEngine {
  readonly calculations: {
    create(body: unknown, context?: CallContext): Promise<unknown>;
    replay(id: string, context?: CallContext): Promise<unknown>;
  };
  readonly transactions: {
    create(body: unknown, context?: CallContext): Promise<unknown>;
    get(id: string, context?: CallContext): Promise<unknown>;
    delete(id: string, context?: CallContext): Promise<unknown>;
    listRefunds(id: string, query: ListQuery, context?: CallContext): Promise<unknown>;
  };
  readonly refunds: { create(body: unknown, context?: CallContext): Promise<unknown> };
  readonly refundReversals: { create(body: unknown, context?: CallContext): Promise<unknown> };
  readonly products: {
    create(body: unknown, context?: CallContext): Promise<unknown>;
    get(referenceProductId: string, context?: CallContext): Promise<unknown>;
    list(query: ListQuery, context?: CallContext): Promise<unknown>;
    delete(referenceProductId: string, context?: CallContext): Promise<unknown>;
  };
  readonly customers: {
    create(body: unknown, context?: CallContext): Promise<unknown>;
    get(idOrReference: string, context?: CallContext): Promise<unknown>;
    list(query: ListQuery, context?: CallContext): Promise<unknown>;
    delete(idOrReference: string, context?: CallContext): Promise<unknown>;
  };
  readonly merchants: {
    create(body: unknown, context?: CallContext): Promise<unknown>;
    list(query: ListQuery, context?: CallContext): Promise<unknown>;
    get(idOrReference: string, context?: CallContext): Promise<unknown>;
    update(idOrReference: string, body: unknown, context?: CallContext): Promise<unknown>;
    delete(idOrReference: string, context?: CallContext): Promise<unknown>;
  };
  readonly platform: {
    readonly calculations: {
      create(body: unknown, context?: CallContext): Promise<unknown>;
      replay(id: string, context?: CallContext): Promise<unknown>;
    };
    readonly transactions: { create(body: unknown, context?: CallContext): Promise<unknown> };
  };
}

type Partially<T> = { readonly [K in keyof T]?: T[K] extends (...args: never[]) => unknown ? T[K] : Partially<T[K]> };

/**
 * What the HTTP layer accepts: a `TaxEngine`, or a partial one (a test double, an engine
 * without some resources) that has at least `calculations.create`. A route whose method is
 * missing answers 404 ROUTE_NOT_FOUND; see {@link completeHttpEngine}.
 */
export type HttpEngine = Partially<CompleteHttpEngine> & {
  readonly calculations: Pick<CompleteHttpEngine['calculations'], 'create'>;
};
