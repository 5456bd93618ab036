import type { CallContext } from '../engine-deps.ts';

/**
 * What the HTTP layer needs of an engine: the resources of `createTaxEngine`, each taking the
 * hosted API's JSON body and returning its JSON response. Everything but calculations is
 * optional, so the router also serves a partial engine (a test double, or an engine built
 * before every resource existed); a route whose method is missing answers 404
 * ROUTE_NOT_FOUND.
 *
 * `TaxEngine` is assignable to this type; it is structural so that `src/http` does not have to
 * change whenever a resource gains a method.
 */
export interface HttpEngine {
  readonly calculations: {
    create(body: unknown, context?: CallContext): Promise<unknown>;
  };
  readonly transactions?: {
    create?(body: unknown, context?: CallContext): Promise<unknown>;
    get?(id: string, context?: CallContext): Promise<unknown>;
    delete?(id: string, context?: CallContext): Promise<unknown>;
    listRefunds?(id: string, query?: ListQuery, context?: CallContext): Promise<unknown>;
  };
  readonly refunds?: {
    create?(body: unknown, context?: CallContext): Promise<unknown>;
  };
  readonly refundReversals?: {
    create?(body: unknown, context?: CallContext): Promise<unknown>;
  };
  readonly products?: {
    create?(body: unknown, context?: CallContext): Promise<unknown>;
    get?(referenceProductId: string, context?: CallContext): Promise<unknown>;
    list?(query: ListQuery, context?: CallContext): Promise<unknown>;
    delete?(referenceProductId: string, context?: CallContext): Promise<unknown>;
  };
  readonly customers?: {
    create?(body: unknown, context?: CallContext): Promise<unknown>;
    get?(idOrReference: string, context?: CallContext): Promise<unknown>;
    list?(query: ListQuery, context?: CallContext): Promise<unknown>;
    delete?(idOrReference: string, context?: CallContext): Promise<unknown>;
  };
  readonly merchants?: {
    create?(body: unknown, context?: CallContext): Promise<unknown>;
    list?(query: ListQuery, context?: CallContext): Promise<unknown>;
    get?(idOrReference: string, context?: CallContext): Promise<unknown>;
    update?(idOrReference: string, body: unknown, context?: CallContext): Promise<unknown>;
    delete?(idOrReference: string, context?: CallContext): Promise<unknown>;
  };
  readonly platform?: {
    readonly calculations?: {
      create?(body: unknown, context?: CallContext): Promise<unknown>;
    };
    readonly transactions?: {
      create?(body: unknown, context?: CallContext): Promise<unknown>;
    };
  };
}

/** Query of the list operations (`?cursor=…&limit=…`). */
export interface ListQuery {
  /** Exclusive cursor: the last id of the previous page. */
  readonly cursor?: string;
  /** Page size as the query gave it (merchants: 1..100, default 10); the engine validates it. */
  readonly limit?: string;
}
