import type { CallContext } from '../engine-deps.ts';

/** What a list operation takes from the query string (`?cursor=…&limit=…`). */
export interface ListQuery {
  /** Exclusive cursor: the last id of the previous page. */
  readonly cursor?: string;
  /** Page size as the query gave it; the engine validates it (1..100). */
  readonly limit?: string;
}

type Call<Args extends unknown[]> = (...args: [...Args, context?: CallContext]) => Promise<unknown>;

/**
 * Every resource method the routes call, each taking the service interface's JSON and
 * returning its JSON. `TaxEngine` is assignable to it; the route table works on this complete
 * type, so no route checks whether a method exists.
 */
export interface CompleteHttpEngine {
  readonly calculations: { readonly create: Call<[body: unknown]>; readonly replay: Call<[id: string]> };
  readonly transactions: {
    readonly create: Call<[body: unknown]>;
    readonly get: Call<[id: string]>;
    readonly delete: Call<[id: string]>;
    readonly listRefunds: Call<[id: string, query: ListQuery]>;
  };
  readonly refunds: { readonly create: Call<[body: unknown]> };
  readonly refundReversals: { readonly create: Call<[body: unknown]> };
  readonly products: {
    readonly create: Call<[body: unknown]>;
    readonly get: Call<[referenceProductId: string]>;
    readonly list: Call<[query: ListQuery]>;
    readonly delete: Call<[referenceProductId: string]>;
  };
  readonly customers: {
    readonly create: Call<[body: unknown]>;
    readonly get: Call<[idOrReference: string]>;
    readonly list: Call<[query: ListQuery]>;
    readonly delete: Call<[idOrReference: string]>;
  };
  readonly merchants: {
    readonly create: Call<[body: unknown]>;
    readonly list: Call<[query: ListQuery]>;
    readonly get: Call<[idOrReference: string]>;
    readonly update: Call<[idOrReference: string, body: unknown]>;
    readonly delete: Call<[idOrReference: string]>;
  };
  readonly platform: {
    readonly calculations: { readonly create: Call<[body: unknown]> };
    readonly transactions: { readonly create: Call<[body: unknown]> };
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
