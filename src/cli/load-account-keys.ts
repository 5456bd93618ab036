import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { generateAccountKeys } from '../http/generate-account-keys.ts';
import type { AccountKeys } from '../http/http-options.ts';

/** The variable that replaces each key, for harnesses that bring their own keys. */
export const KEY_VARIABLES = {
  secretTest: 'TAXKIT_SECRET_KEY_TEST',
  secretLive: 'TAXKIT_SECRET_KEY_LIVE',
  publicTest: 'TAXKIT_PUBLIC_KEY_TEST',
  publicLive: 'TAXKIT_PUBLIC_KEY_LIVE',
} as const;

type Slot = keyof typeof KEY_VARIABLES;
const SLOTS = Object.keys(KEY_VARIABLES) as Slot[];

export interface LoadedKeys {
  readonly keys: Required<AccountKeys>;
  /** Where each key in effect came from. */
  readonly sources: Readonly<Record<Slot, 'env' | 'file' | 'generated'>>;
  /** Whether this call created the keys file. */
  readonly created: boolean;
  /** Problems worth telling the user (a keys file others can read). */
  readonly warnings: readonly string[];
}

/**
 * The default account's keys for `taxkit serve`. `keysPath` holds a full set of four keys:
 * read when it exists, else generated and written with mode 0600 (never overwritten). Each
 * TAXKIT_*_KEY_* variable replaces its key, and is never written to the file. Without a
 * `keysPath` (`--memory`) nothing is read or written: keys not given by variables are new on
 * every start.
 */
export function loadAccountKeys(env: CliEnv, keysPath: string | undefined): LoadedKeys {
  const fromEnv = SLOTS.filter((slot) => nonEmpty(env[KEY_VARIABLES[slot]]) !== undefined);
  const warnings: string[] = [];
  let stored: Required<AccountKeys> | undefined;
  let created = false;
  if (fromEnv.length < SLOTS.length && keysPath !== undefined) {
    stored = readKeysFile(keysPath, warnings);
    if (stored === undefined) {
      stored = generateAccountKeys();
      writeFileSync(keysPath, `${JSON.stringify({ accountId: 'default', ...stored }, null, 2)}\n`, {
        mode: 0o600,
        flag: 'wx',
      });
      // The umask may have narrowed the mode further but never widened it; set it exactly.
      chmodSync(keysPath, 0o600);
      created = true;
    }
  }
  const fallback = stored ?? generateAccountKeys();
  const keys = {} as Record<Slot, string>;
  const sources = {} as Record<Slot, 'env' | 'file' | 'generated'>;
  for (const slot of SLOTS) {
    const variable = nonEmpty(env[KEY_VARIABLES[slot]]);
    keys[slot] = variable ?? fallback[slot];
    sources[slot] = variable !== undefined ? 'env' : stored !== undefined && !created ? 'file' : 'generated';
  }
  return { keys, sources, created, warnings };
}

type CliEnv = Readonly<Record<string, string | undefined>>;

function readKeysFile(path: string, warnings: string[]): Required<AccountKeys> | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if ((statSync(path).mode & 0o077) !== 0) warnings.push(`${path} can be read by other users; run: chmod 600 ${path}`);
  const parsed = JSON.parse(text) as Partial<Record<Slot, unknown>>;
  for (const slot of SLOTS) {
    if (typeof parsed[slot] !== 'string')
      throw new Error(`${path}: "${slot}" is missing; delete the file to make new keys.`);
  }
  return parsed as Required<AccountKeys>;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}
