import { compileProductTaxCodes, type ProductTaxCodes } from '../core/product-tax-codes/compile-product-tax-codes.ts';
import type { ProductTaxCodeTable } from '../core/product-tax-codes/product-tax-code-table.ts';
import { readDataFile } from './read-data-file.ts';

let cached: ProductTaxCodes | undefined;

/** The embedded crosswalk of other engines' product tax codes (docs/product-tax-codes.md), read once per process. */
export function loadDefaultProductTaxCodes(): ProductTaxCodes {
  cached ??= compileProductTaxCodes(readDataFile<ProductTaxCodeTable>('product-tax-codes/crosswalk.json'));
  return cached;
}
