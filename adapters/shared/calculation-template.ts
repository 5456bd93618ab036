import type { JurisdictionTax } from '../../src/core/types.ts';

/**
 * The part of a jurisdiction's tax that is the same on every line it taxes: a calculation's
 * records name it by its index in the calculation's list of templates, and the stores keep
 * that list's JSON text once for the many calculations that share it.
 */
export type Template = readonly [
  jurisdictionId: string,
  name: string,
  rateType: string,
  authorityName: string,
  authorityType: JurisdictionTax['authorityType'],
  taxType: JurisdictionTax['taxType'],
  rate: string,
  feeMinor: number,
  note: string,
];

/** A jurisdiction's tax on one line: its template's fixed part with the line's own amounts. */
export function jurisdictionTax(
  templates: readonly Template[],
  index: number,
  taxDue: string,
  taxMinor: number,
): JurisdictionTax {
  const template = templates[index];
  if (template === undefined) throw new Error('A stored calculation names a jurisdiction it does not hold.');
  return {
    jurisdictionId: template[0],
    name: template[1],
    rateType: template[2],
    authorityName: template[3],
    authorityType: template[4],
    taxType: template[5],
    rate: template[6],
    feeMinor: template[7],
    taxDue,
    taxMinor,
    note: template[8],
  };
}

/** The index of `tax`'s fixed part in `templates`, added when new. Calculations hold few. */
export function templateIndex(tax: JurisdictionTax, templates: Template[]): number {
  for (let index = 0; index < templates.length; index += 1) {
    const t = templates[index] as Template;
    if (
      t[0] === tax.jurisdictionId &&
      t[6] === tax.rate &&
      t[1] === tax.name &&
      t[2] === tax.rateType &&
      t[3] === tax.authorityName &&
      t[4] === tax.authorityType &&
      t[5] === tax.taxType &&
      t[7] === tax.feeMinor &&
      t[8] === tax.note
    ) {
      return index;
    }
  }
  templates.push([
    tax.jurisdictionId,
    tax.name,
    tax.rateType,
    tax.authorityName,
    tax.authorityType,
    tax.taxType,
    tax.rate,
    tax.feeMinor,
    tax.note,
  ]);
  return templates.length - 1;
}

/** Whether two templates lists hold the same templates in the same order. */
export function sameTemplates(a: readonly Template[], b: readonly Template[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) {
    const x = a[index] as Template;
    const y = b[index] as Template;
    for (let field = 0; field < x.length; field += 1) if (x[field] !== y[field]) return false;
  }
  return true;
}
