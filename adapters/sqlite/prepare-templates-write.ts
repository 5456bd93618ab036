import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';

/** The largest `calculation_templates` key: 48 bits, a safe integer of at most 6 bytes in a row. */
const KEY_SPACE = 2 ** 48;

/**
 * The `calculation_templates` key a templates text is first tried under: the first 48 bits of
 * its SHA-256, so every process computes the same key for the same text with no coordination,
 * as a safe integer (an `INTEGER PRIMARY KEY`, at most 6 bytes in each calculation row).
 */
export function templatesKeyOf(templates: string): number {
  return createHash('sha256').update(templates).digest().readUIntBE(0, 6);
}

/**
 * Prepares the write that makes sure `calculation_templates` holds a templates text, which
 * returns the text's key. Run it inside the transaction that writes the rows naming the key.
 *
 * A text goes under its {@link templatesKeyOf} key, or, when another text holds that key (48
 * bits of SHA-256: improbable, never wrong), under the next free key after it: every process
 * probes the same keys in the same order and reads what each one holds, and rows are never
 * deleted, so all of them find a text under the same key. A calculation row therefore always
 * names its templates, and a collision never changes how the calculation itself is written.
 */
export function prepareTemplatesWrite(
  client: Database.Database,
  templatesKey: (templates: string) => number = templatesKeyOf,
): (templates: string) => number {
  const insert = client.prepare('INSERT OR IGNORE INTO calculation_templates (id, body) VALUES (?, ?)');
  const select = client.prepare('SELECT body FROM calculation_templates WHERE id = ?').pluck();
  return (templates) => {
    let key = templatesKey(templates);
    for (;;) {
      if (insert.run(key, templates).changes === 1) return key;
      // Already there: written earlier, by this process or another. This text's key if it is this text.
      if (select.get(key) === templates) return key;
      key = (key + 1) % KEY_SPACE;
    }
  };
}
