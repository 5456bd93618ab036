import { compileProductTaxCodes, type ProductTaxCodes } from '../core/product-tax-codes/compile-product-tax-codes.ts';
import type { ProductTaxCodeTable } from '../core/product-tax-codes/product-tax-code-table.ts';
import { readDataFile } from './read-data-file.ts';

let cached: ProductTaxCodes | undefined;

/** The embedded crosswalk of other engines' product tax codes (docs/product-tax-codes.md), read once per process. */
export function loadDefaultProductTaxCodes(): ProductTaxCodes {
  cached ??= compileProductTaxCodes(readDataFile<ProductTaxCodeTable>('product-tax-codes/crosswalk.json'));
  return cached;
}

/**
 * The taxkit category a recorded line's product tax code stands for (another engine's code maps
 * through the crosswalk; a taxkit category is itself): what reports and filing files group by.
 */
export function defaultCategoryOf(productTaxCode: string): string {
  return loadDefaultProductTaxCodes().read(productTaxCode)?.category ?? productTaxCode;
}
