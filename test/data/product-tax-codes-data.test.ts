/**
 * The product tax code crosswalk (data/product-tax-codes/crosswalk.json): every vendor names its
 * source, date and the sentence that says what its codes are; every code carries the vendor's own
 * description and a taxkit category (or says why it has none); the compiler refuses a table that
 * breaks any of this, so a bad edit fails at load.
 */
import { describe, expect, it } from 'vitest';
import { TaxError } from '../../src/core/errors.ts';
import { PRODUCT_CATEGORIES } from '../../src/core/product-categories.ts';
import { compileProductTaxCodes } from '../../src/core/product-tax-codes/compile-product-tax-codes.ts';
import type { ProductTaxCodeTable } from '../../src/core/product-tax-codes/product-tax-code-table.ts';
import { loadDefaultProductTaxCodes } from '../../src/defaults/load-default-product-tax-codes.ts';

const table = loadDefaultProductTaxCodes().table;

describe('the embedded product tax code crosswalk', () => {
  it('names a source, its date and a supporting quote for every vendor', () => {
    expect(table.vendors.map((vendor) => vendor.id)).toEqual(['stripe', 'taxjar', 'avalara']);
    for (const vendor of table.vendors) {
      expect(vendor.source).toMatch(/^https:\/\//);
      expect(vendor.sourceDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(vendor.quote.length).toBeGreaterThan(40);
    }
  });

  it('gives every code its vendor description and a taxkit category or the reason it has none', () => {
    for (const entry of table.codes) {
      expect(entry.description.length, entry.code).toBeGreaterThan(0);
      if (entry.category === null) expect(entry.why?.length ?? 0, entry.code).toBeGreaterThan(10);
      else expect(PRODUCT_CATEGORIES.has(entry.category), entry.code).toBe(true);
      if (entry.vendor === 'avalara')
        expect(entry.source, entry.code).toMatch(/^https:\/\/(help|developer)\.avalara\.com\//);
    }
  });

  it('covers every code of the TaxJar category list and the categories the issue names', () => {
    const taxjar = table.codes.filter((entry) => entry.vendor === 'taxjar').map((entry) => entry.code);
    expect(taxjar).toHaveLength(17);
    const mapped = new Set(table.codes.map((entry) => entry.category));
    for (const category of [
      'GENERAL_MERCHANDISE',
      'CLOTHING_GENERAL',
      'FOOD_GENERAL',
      'FOOD_PREPARED',
      'CANDY',
      'BEVERAGE_CARBONATED',
      'MEDICINES_PRESCRIPTION',
      'MEDICINES_NONPRESCRIPTION',
      'BOOKS_PRINTED',
      'BOOKS_DIGITAL',
      'SAAS_GENERAL',
      'SOFTWARE_DOWNLOAD',
      'SERVICES_GENERAL',
      'SHIPPING',
      'GIFT_CARDS',
      'NON_TAXABLE',
    ]) {
      expect(mapped.has(category), category).toBe(true);
    }
  });
});

describe('compileProductTaxCodes', () => {
  const vendor = table.vendors[0]!;
  const base: ProductTaxCodeTable = {
    name: 'test',
    effectiveDate: '2026-11-28',
    vendors: [vendor],
    codes: [
      {
        code: 'txcd_30011000',
        vendor: 'stripe',
        name: 'Clothing',
        description: 'Apparel.',
        category: 'CLOTHING_GENERAL',
      },
    ],
  };
  const refusal = (changed: Partial<ProductTaxCodeTable>): string => {
    try {
      compileProductTaxCodes({ ...base, ...changed });
    } catch (error) {
      expect(error).toBeInstanceOf(TaxError);
      return (error as TaxError).message;
    }
    throw new Error('compiled a table it should refuse');
  };
  const code = base.codes[0]!;

  it('reads a category as itself, a listed code as its category with a note, others of a known shape as the general rate', () => {
    const codes = compileProductTaxCodes(base);
    expect(codes.read('FOOD_GENERAL')).toEqual({ category: 'FOOD_GENERAL' });
    expect(codes.read('txcd_30011000')).toEqual({
      category: 'CLOTHING_GENERAL',
      notice: 'Stripe Tax code txcd_30011000 (Clothing) taxed as CLOTHING_GENERAL.',
    });
    expect(codes.read('txcd_99999998')?.category).toBe('GENERAL_MERCHANDISE');
    expect(codes.read('txcd_99999998')?.notice).toMatch(/not in taxkit's crosswalk/);
    expect(codes.read('txcd_1')).toBeUndefined();
    expect(codes.read('clothing')).toBeUndefined();
  });

  it('refuses a category taxkit does not have, a duplicate, a code outside its format, an unknown vendor, a silent null', () => {
    expect(refusal({ codes: [{ ...code, category: 'APPAREL' }] })).toMatch(/APPAREL, which is not a taxkit category/);
    expect(refusal({ codes: [code, code] })).toMatch(/listed twice/);
    expect(refusal({ codes: [{ ...code, code: 'txcd_3001' }] })).toMatch(/not in Stripe Tax's format/);
    expect(refusal({ codes: [{ ...code, vendor: 'vertex' }] })).toMatch(/unknown vendor vertex/);
    expect(refusal({ codes: [{ ...code, category: null }] })).toMatch(/does not say why/);
    expect(refusal({ vendors: [{ ...vendor, quote: '' }] })).toMatch(/names no source, date or quote/);
  });
});
