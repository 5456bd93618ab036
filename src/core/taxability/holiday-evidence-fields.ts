import type { HolidayEvidenceField, TaxabilityRule } from './taxability-rule.ts';

/**
 * The fields a holiday rule states, each of which must be supported by a quoted source: its dates
 * and items always; its cap and that the cap is per item when its treatment has a threshold; its
 * local rule when it gives one; its remote-order rule unless it is `not_stated`.
 */
export function holidayEvidenceFields(rule: TaxabilityRule): readonly HolidayEvidenceField[] {
  const fields: HolidayEvidenceField[] = ['dates', 'items'];
  if ('thresholdMinor' in rule.treatment) fields.push('cap', 'perItem');
  if (rule.local !== undefined && rule.local !== 'follow') fields.push('local');
  if (rule.holiday !== undefined && rule.holiday.remoteSales !== 'not_stated') fields.push('remoteSales');
  return fields;
}
