/**
 * The public types of `taxkit`, pinned: the request types are the zod schemas' input types,
 * the response types follow the version a call asks for, and the engine's methods use them.
 * These are compile-time checks (the typecheck of `npm test` fails when one breaks); vitest
 * runs the same file so each group shows up in the report.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type {
  ApiVersion,
  Calculation,
  CalculationRequest,
  CallContext,
  Customer,
  domain,
  Merchant,
  PlatformCalculation,
  PlatformCalculationRequest,
  PlatformTransactions,
  Product,
  ProductCategoryCode,
  VendorTaxCode,
  ProductList,
  ProductRequest,
  Refund,
  RefundList,
  RefundRequest,
  TaxEngine,
  Transaction,
  TransactionRequest,
} from '../../src/index.ts';
import type { calculationRequestSchema } from '../../src/wire/calculation-request.ts';
import type { refundRequestSchema } from '../../src/wire/refund-request.ts';
import type { transactionRequestSchema } from '../../src/wire/transaction-request.ts';

declare const engine: TaxEngine;
declare const request: CalculationRequest;

describe('the public types', () => {
  it('requests are the validating schemas’ input types', () => {
    expectTypeOf<CalculationRequest>().toEqualTypeOf<z.input<typeof calculationRequestSchema>>();
    expectTypeOf<TransactionRequest>().toEqualTypeOf<z.input<typeof transactionRequestSchema>>();
    expectTypeOf<RefundRequest>().toEqualTypeOf<z.input<typeof refundRequestSchema>>();
    expectTypeOf<RefundRequest['type']>().toEqualTypeOf<'full' | 'partial'>();
    expectTypeOf<CalculationRequest['order_details']['line_items'][number]['amount']>().toEqualTypeOf<number>();
  });

  it('product_category is the union of the accepted categories and the vendor code shapes', () => {
    type Line = CalculationRequest['order_details']['line_items'][number];
    type Accepted = ProductCategoryCode | VendorTaxCode;
    expectTypeOf<NonNullable<Line['product_category']>>().toEqualTypeOf<Accepted>();
    expectTypeOf<NonNullable<Line['fallback_product_category']>>().toEqualTypeOf<Accepted>();
    expectTypeOf<ProductRequest['product_category']>().toEqualTypeOf<Accepted>();
    expectTypeOf<'FOOD_GENERAL'>().toExtend<Accepted>();
    expectTypeOf<'txcd_30011000'>().toExtend<Accepted>();
    expectTypeOf<'20010'>().toExtend<Accepted>();
    expectTypeOf<'PC040100'>().toExtend<Accepted>();
    expectTypeOf<'P0000000'>().toExtend<Accepted>();
    // A typo does not compile (the hosted API's docs once showed FOOD_AND_BEVERAGE, which is refused).
    expectTypeOf<'FOOD_AND_BEVERAGE'>().not.toExtend<Accepted>();
    expectTypeOf<'GENERAL_MERCHANDIS'>().not.toExtend<Accepted>();
    expectTypeOf<'PRODUCT_INSURANCES'>().not.toExtend<Accepted>();
  });

  it('customer.ip exists in requests from 2026-03-01 only', () => {
    expectTypeOf<CalculationRequest<'2026-03-01'>['customer']>().toHaveProperty('ip');
    expectTypeOf<CalculationRequest<'2026-01-01'>['customer']>().not.toHaveProperty('ip');
    expectTypeOf<CalculationRequest<'2024-09-01'>['customer']>().not.toHaveProperty('ip');
  });

  it('responses carry the fields of their version', () => {
    expectTypeOf<Calculation<'2024-09-01'>>().not.toHaveProperty('address_used');
    expectTypeOf<Calculation<'2025-05-12'>['address_used']['address_country']>().toEqualTypeOf<string>();
    expectTypeOf<Calculation<'2025-05-12'>>().not.toHaveProperty('resolution_precision');
    expectTypeOf<Calculation<'2026-03-01'>['resolution_precision']>().toEqualTypeOf<
      'STREET' | 'POSTAL_PLUS' | 'POSTAL' | 'PROVINCE' | 'COUNTRY' | 'APPROXIMATED' | null
    >();
    expectTypeOf<Calculation<'2026-01-01'>['line_items'][number]['tax_jurisdictions'][number]>().toHaveProperty(
      'tax_due_decimal',
    );
    expectTypeOf<Calculation<'2025-05-12'>['line_items'][number]['tax_jurisdictions'][number]>().not.toHaveProperty(
      'tax_due_decimal',
    );
    expectTypeOf<
      Transaction<'2024-09-01'>['line_items'][number]['tax_jurisdictions'][number]['note']
    >().toEqualTypeOf<string>();
    expectTypeOf<RefundList['refunds'][number]>().not.toHaveProperty('refund_type');
    expectTypeOf<Refund['refund_type']>().toEqualTypeOf<'full' | 'partial'>();
    expectTypeOf<PlatformCalculation['totals']['order']['tax_amount']>().toEqualTypeOf<number>();
    expectTypeOf<Product['object']>().toEqualTypeOf<'tax.product'>();
    expectTypeOf<Customer['is_tax_exempt']>().toEqualTypeOf<boolean>();
    expectTypeOf<Merchant['default_address']>().toBeNullable();
  });

  it('the engine’s methods take the requests and answer the version’s responses', () => {
    // Typed but never run: `engine` exists only for the compiler.
    const checks = async () => {
      expectTypeOf(engine.calculations.create<'2025-05-12'>)
        .parameter(0)
        .toEqualTypeOf<CalculationRequest<'2025-05-12'>>();
      expectTypeOf(engine.calculations.create<'2025-05-12'>).returns.resolves.toEqualTypeOf<
        Calculation<'2025-05-12'>
      >();
      // The defaults apply when a call names no version.
      const calls = async () => {
        expectTypeOf(await engine.calculations.create(request)).toEqualTypeOf<Calculation<'2026-03-01'>>();
        expectTypeOf(await engine.calculations.create(request, { version: '2024-09-01' })).toEqualTypeOf<
          Calculation<'2024-09-01'>
        >();
        expectTypeOf(await engine.transactions.get('tr_1')).toEqualTypeOf<Transaction>();
        expectTypeOf(await engine.refunds.create({ transaction_id: 'tr_1', type: 'full' })).toEqualTypeOf<Refund>();
        expectTypeOf(
          await engine.platform.transactions.create({ platform_calculation_id: 'c', reference_order_id: 'o' }),
        ).toEqualTypeOf<PlatformTransactions>();
      };
      expectTypeOf(calls).toBeFunction();
      expectTypeOf(engine.calculations.create<ApiVersion>).returns.resolves.toEqualTypeOf<Calculation<ApiVersion>>();
      expectTypeOf(engine.transactions.create).parameter(0).toEqualTypeOf<TransactionRequest>();
      expectTypeOf(engine.transactions.listRefunds<'2026-03-01'>).returns.resolves.toEqualTypeOf<RefundList>();
      expectTypeOf(engine.products.list).returns.resolves.toEqualTypeOf<ProductList>();
      expectTypeOf(engine.platform.calculations.create).parameter(0).toEqualTypeOf<PlatformCalculationRequest>();
      // Merchants and platform operations exist from 2026-01-01: older versions do not type-check.
      expectTypeOf<Parameters<TaxEngine['merchants']['get']>[1]>().toEqualTypeOf<
        CallContext<'2026-01-01' | '2026-03-01'> | undefined
      >();
    };
    expectTypeOf(checks).toBeFunction();
  });

  it('the domain records stay reachable for store adapters', () => {
    expectTypeOf<domain.Calculation['totalTaxMinor']>().toEqualTypeOf<number>();
    expectTypeOf<domain.Transaction['referenceOrderId']>().toEqualTypeOf<string>();
  });
});
