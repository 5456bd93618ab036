import type {
  CertificateRequest,
  Customer,
  ExemptionCertificate,
  Merchant,
  Product,
  Refund,
  RefundReversal,
  Registration,
  Transaction,
} from '../../src/core/types.ts';
import type { LineBalance } from '../../src/core/ledger/remaining-balance.ts';

/**
 * Everything the memory store holds for one tenant, but calculations (kept for all tenants
 * together, bounded: `create-calculation-keeper.ts`). Deleted records stay (soft delete, as in
 * SQLite) with `deletedAt` set; the `live*` indexes hold only records that are not deleted, so
 * uniqueness checks are map lookups.
 */
export interface TenantRecords {
  /** By id, deleted ones included. */
  readonly transactions: Map<string, Transaction>;
  /** `${type}:${referenceOrderId}` of live transactions → transaction id. */
  readonly liveOrders: Map<string, string>;
  /** Calculation ids a transaction was made from, deleted transactions included. */
  readonly recordedCalculations: Set<string>;
  readonly refunds: Map<string, Refund>;
  /** Refund ids per transaction id, in creation order. */
  readonly refundIdsByTransaction: Map<string, string[]>;
  /** Running balance per transaction id that has refunds (absent: nothing refunded yet). */
  readonly balances: Map<string, readonly LineBalance[]>;
  readonly reversals: Map<string, RefundReversal>;
  /** By reference id; a deleted product moves to `deletedProducts`, freeing its reference. */
  readonly liveProducts: Map<string, Product>;
  readonly deletedProducts: Product[];
  /** By id, deleted ones included. */
  readonly customers: Map<string, Customer>;
  /** Non-empty reference id of a live customer → its id. */
  readonly liveCustomerReferences: Map<string, string>;
  /** By id, deleted ones included. */
  readonly merchants: Map<string, Merchant>;
  /** Reference id of a live merchant → its id. */
  readonly liveMerchantReferences: Map<string, string>;
  /** By id, deleted ones included. */
  readonly registrations: Map<string, Registration>;
  /** Exemption certificates by id, revoked ones included. */
  readonly certificates: Map<string, ExemptionCertificate>;
  /** Certificate requests by id, whatever their status. */
  readonly certificateRequests: Map<string, CertificateRequest>;
  /**
   * Certificate ids and certificate request ids per customer id: a calculation reads its own
   * customer's certificates at the cost of those, not of the tenant's whole list.
   */
  readonly certificatesByCustomer: Map<string, Set<string>>;
  readonly certificateRequestsByCustomer: Map<string, Set<string>>;
}

/** An empty set of records for a tenant seen for the first time. */
export function createTenantRecords(): TenantRecords {
  return {
    transactions: new Map(),
    liveOrders: new Map(),
    recordedCalculations: new Set(),
    refunds: new Map(),
    refundIdsByTransaction: new Map(),
    balances: new Map(),
    reversals: new Map(),
    liveProducts: new Map(),
    deletedProducts: [],
    customers: new Map(),
    liveCustomerReferences: new Map(),
    merchants: new Map(),
    liveMerchantReferences: new Map(),
    registrations: new Map(),
    certificates: new Map(),
    certificateRequests: new Map(),
    certificatesByCustomer: new Map(),
    certificateRequestsByCustomer: new Map(),
  };
}
