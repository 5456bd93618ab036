import type { ExemptionReason } from '../types.ts';

/**
 * The Streamlined Sales Tax exemption reasons taxkit accepts, with the words a note uses for
 * each (docs/exemptions.md). The keys are the wire values too.
 */
export const EXEMPTION_REASONS: Readonly<Record<ExemptionReason, string>> = {
  resale: 'resale',
  government: 'government',
  nonprofit: 'nonprofit or charitable organization',
  agricultural: 'agricultural production',
  industrial_production: 'industrial production or manufacturing',
  educational: 'educational organization',
  direct_pay: 'direct pay permit',
  other: 'other',
};

/** Whether `value` is one of {@link EXEMPTION_REASONS}. */
export function isExemptionReason(value: string): value is ExemptionReason {
  return Object.hasOwn(EXEMPTION_REASONS, value);
}
