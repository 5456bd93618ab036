import type { AnyOperation } from './operation.ts';
import { OPERATIONS } from './operation-table.ts';

/** A row of the table with its engine name (`platform.calculations.create`). */
export interface NamedOperation {
  readonly name: string;
  readonly row: AnyOperation;
}

/** The table's rows in their order, each named by its place in the nesting. */
export function listOperations(): readonly NamedOperation[] {
  return NAMED;
}

function isOperation(value: object): value is AnyOperation {
  return 'parse' in value && 'run' in value && 'serialize' in value;
}

function walk(node: object, prefix: string, into: NamedOperation[]): NamedOperation[] {
  for (const [key, value] of Object.entries(node) as [string, object][]) {
    const name = prefix === '' ? key : `${prefix}.${key}`;
    if (isOperation(value)) into.push({ name, row: value });
    else walk(value, name, into);
  }
  return into;
}

const NAMED: readonly NamedOperation[] = Object.freeze(walk(OPERATIONS, '', []));
