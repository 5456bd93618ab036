import type { NexusRule } from './nexus-rule.ts';

/** What a rule leaves open, field by field ("marketplace: …; basis: …"), or undefined. */
export function uncertaintyOf(rule: NexusRule): string | undefined {
  if (rule.uncertain === undefined || rule.uncertain.length === 0) return undefined;
  return rule.uncertain.map((each) => `${each.field}: ${each.note}`).join('; ');
}
