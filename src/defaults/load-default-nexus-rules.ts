import { checkNexusRuleTable } from '../core/nexus/check-nexus-rule-table.ts';
import type { NexusRuleTable } from '../core/nexus/nexus-rule.ts';
import { readDataFile } from './read-data-file.ts';

/** The embedded threshold files (docs/nexus.md), US states first. */
export const DEFAULT_NEXUS_FILES = ['nexus/us-states.json', 'nexus/international.json'] as const;

let cached: readonly NexusRuleTable[] | undefined;

/** The embedded economic nexus thresholds, read and checked once per process. */
export function loadDefaultNexusRules(): readonly NexusRuleTable[] {
  cached ??= Object.freeze(
    DEFAULT_NEXUS_FILES.map((file) => checkNexusRuleTable(readDataFile<NexusRuleTable>(file), `data/${file}`)),
  );
  return cached;
}
