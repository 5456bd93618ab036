import type { Tenant } from '../core/types.ts';
import type { ApiVersion } from '../wire/api-version.ts';

/** Per call: whose records, and which API version's shapes. */
export interface CallContext<V extends ApiVersion = ApiVersion> {
  /** Account and mode; the engine's default tenant (test mode) when absent. */
  readonly tenant?: Tenant;
  /** The shape of the response (and the rules of the request); the newest when absent. */
  readonly version?: V;
  /**
   * The sale's date for rate lookup, Unix seconds (calculations only). A request's `tax_date`
   * field wins over it; default: the clock's now. Any date works: before the first imported
   * table the embedded rates apply, after the last one its rates stay in force, and a future
   * date gets the rates scheduled for it.
   */
  readonly taxDate?: number;
  /**
   * The call was made with a public key (HTTP: `pk_…`, which a browser holds). Such a
   * calculation reads no stored customer or product (docs/reliability.md). Default false.
   */
  readonly publicKey?: boolean;
}
