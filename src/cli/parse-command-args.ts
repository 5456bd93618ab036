import { parseArgs } from 'node:util';
import { UsageError } from './usage-error.ts';

export type OptionSpecs = Readonly<Record<string, { readonly type: 'string' | 'boolean'; readonly short?: string }>>;

/** The values of `T`'s options (absent when not given), plus `--help`/`-h`. */
export type ParsedOptions<T extends OptionSpecs> = {
  readonly [K in keyof T]?: T[K]['type'] extends 'string' ? string : boolean;
} & { readonly help?: boolean };

/**
 * `node:util` parseArgs, strict, without positionals, with `--help` added and its errors turned
 * into {@link UsageError}s.
 */
export function parseCommandArgs<const T extends OptionSpecs>(args: readonly string[], options: T): ParsedOptions<T> {
  try {
    const { values } = parseArgs({
      args: [...args],
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    });
    return values as ParsedOptions<T>;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}
