/** What a page is drawn from: one key (one mode of the account) and the filters of the toolbar. */
export interface PageContext {
  readonly key: string;
  readonly mode: 'test' | 'live';
  /** "YYYY-MM", UTC. */
  readonly month: string;
  /** An exact `reference_order_id` to look for, or ''. */
  readonly orderId: string;
}

/** Draws one mode's part of a page from the API. */
export type Page = (context: PageContext) => Promise<HTMLElement>;
