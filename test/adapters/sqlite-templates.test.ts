/* eslint-disable no-await-in-loop -- writes happen one after another on purpose */
import { Buffer } from 'node:buffer';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { compactText, toCompactCalculation } from '../../adapters/sqlite/compact-calculation.ts';
import { createQuoteWriter } from '../../adapters/sqlite/create-quote-writer.ts';
import { templatesKeyOf } from '../../adapters/sqlite/prepare-templates-write.ts';
import { createSqliteStore, migrateSqlite, type SqliteTaxStore } from '../../adapters/sqlite/index.ts';
import type { Calculation } from '../../src/core/types.ts';
import { expectTaxError } from '../conformance/assertions.ts';
import { writeOldCalculationRow } from '../helpers/old-calculation-row.ts';
import { makeCalculation, makeJurisdictionTax, makeTaxLine, TENANT } from '../helpers/records.ts';

const directory = mkdtempSync(join(tmpdir(), 'taxkit-sqlite-templates-'));
let files = 0;
const newPath = () => join(directory, `templates-${(files += 1)}.db`);
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const each of open.splice(0)) await each.close();
});
function track<T extends { close(): unknown }>(opened: T): T {
  open.push(opened);
  return opened;
}

/** A calculation taxed by California (the default) or, with `inNewYork`, by New York. */
function calculationIn(inNewYork = false): Calculation {
  if (!inNewYork) return makeCalculation();
  const newYork = makeJurisdictionTax({ jurisdictionId: 'US-NY', name: 'NEW YORK', rate: '0.04', taxMinor: 40 });
  return makeCalculation({ lines: [makeTaxLine({ jurisdictions: [newYork] })] });
}

const templatesCount = (client: Database.Database) =>
  client.prepare('SELECT count(*) FROM calculation_templates').pluck().get() as number;
const rowOf = (client: Database.Database, id: string) =>
  client.prepare('SELECT body, templates_id AS templatesId FROM calculations WHERE id = ?').get(id) as {
    body: Buffer | string;
    templatesId: number | null;
  };

describe('calculation templates on SQLite', () => {
  it('keeps a templates text once for the calculations that share it; rows hold the head and its key', async () => {
    const store = track(createSqliteStore({ path: newPath() }));
    const [first, second, other] = [calculationIn(), calculationIn(), calculationIn(true)];
    for (const each of [first, second, other]) await store.insertCalculation(TENANT, each);
    await nextTurn();
    // Read from the file: the queue is empty once the batch is written.
    for (const each of [first, second, other]) {
      expect(await store.getCalculation(TENANT, each.id)).toStrictEqual(each);
    }
    expect(templatesCount(store.client)).toBe(2);
    const compact = toCompactCalculation(first);
    const row = rowOf(store.client, first.id);
    expect(row.templatesId).toBe(templatesKeyOf(compact.templates));
    expect(rowOf(store.client, second.id).templatesId).toBe(row.templatesId);
    expect(rowOf(store.client, other.id).templatesId).not.toBe(row.templatesId);
    // The body is the record alone: the jurisdictions' names are in the templates row.
    expect(Buffer.isBuffer(row.body)).toBe(true);
    expect(row.body.includes('California Department')).toBe(false);
    expect(row.body.includes(first.id)).toBe(true);
    expect(row.body.length).toBeLessThan(compact.head.length);

    // A later batch with known templates adds none.
    await store.insertCalculation(TENANT, calculationIn(true));
    await nextTurn();
    expect(templatesCount(store.client)).toBe(2);
  });

  it('lets another store on the same file read them, and share the templates it finds there', async () => {
    const path = newPath();
    const first = track(createSqliteStore({ path }));
    const second = track(createSqliteStore({ path }));
    const written = calculationIn();
    await first.insertCalculation(TENANT, written);
    await nextTurn();
    expect(await second.getCalculation(TENANT, written.id)).toStrictEqual(written);
    // The second store finds the text under the same key (it has never seen it) and shares it.
    const also = calculationIn();
    await second.insertCalculation(TENANT, also);
    await nextTurn();
    expect(templatesCount(second.client)).toBe(1);
    expect(rowOf(second.client, also.id).templatesId).toBe(rowOf(second.client, written.id).templatesId);
    expect(await first.getCalculation(TENANT, also.id)).toStrictEqual(also);
  });

  it('writes templates whose key is already another text under the next free key, the record unchanged', async () => {
    const path = newPath();
    const store = track(createSqliteStore({ path }));
    // Every text gets the same key, so the second text collides with the first.
    const colliding = () => createQuoteWriter(store.client, false, { templatesKey: () => 42 });
    const writer = colliding();
    const [california, newYork, newYorkAgain] = [calculationIn(), calculationIn(true), calculationIn(true)];
    writer.insert(TENANT, california, true);
    writer.insert(TENANT, newYork, true);
    writer.flush();
    writer.insert(TENANT, newYorkAgain, true); // the key remembered, in a later batch
    writer.flush();
    expect(templatesCount(store.client)).toBe(2);
    expect(rowOf(store.client, california.id).templatesId).toBe(42);
    for (const each of [newYork, newYorkAgain]) {
      const row = rowOf(store.client, each.id);
      expect(row.templatesId).toBe(43);
      // The same record as without a collision: only the key it names moved.
      expect(Buffer.isBuffer(row.body)).toBe(true);
      expect(row.body.includes('NEW YORK')).toBe(false);
    }
    // A writer that has never seen the texts probes the same keys and finds each one.
    const fresh = colliding();
    const [third, fourth] = [calculationIn(true), calculationIn()];
    fresh.insert(TENANT, third, true);
    fresh.insert(TENANT, fourth, true);
    fresh.flush();
    expect(rowOf(store.client, third.id).templatesId).toBe(43);
    expect(rowOf(store.client, fourth.id).templatesId).toBe(42);
    expect(templatesCount(store.client)).toBe(2);
    for (const each of [california, newYork, newYorkAgain, third, fourth]) {
      expect(writer.get(TENANT, each.id)).toStrictEqual(each);
      expect(await store.getCalculation(TENANT, each.id)).toStrictEqual(each);
    }
  });

  it('runs no statement for templates it knows are in the file, and forgets the oldest past its bound', async () => {
    const path = newPath();
    migrateSqlite(path);
    const statements: string[] = [];
    const client = track(new Database(path, { verbose: (sql) => statements.push(String(sql)) }));
    const writer = createQuoteWriter(client, false, { maxKnownTemplates: 1 });
    const templateStatements = () => statements.filter((sql) => sql.includes('calculation_templates')).length;
    const written: Calculation[] = [];
    const write = (inNewYork: boolean) => {
      const calculation = calculationIn(inNewYork);
      written.push(calculation);
      writer.insert(TENANT, calculation, true);
      writer.flush();
    };
    write(false);
    expect(templateStatements()).toBe(1); // the INSERT OR IGNORE
    write(false);
    write(false);
    expect(templateStatements()).toBe(1);
    write(true); // New York's text takes the one place: California's is forgotten
    expect(templateStatements()).toBe(2);
    write(false); // found in the file: INSERT OR IGNORE, then the read that compares the text
    expect(templateStatements()).toBe(4);
    expect(templatesCount(client)).toBe(2);
    for (const each of written) {
      expect(rowOf(client, each.id).templatesId).not.toBeNull();
      expect(writer.get(TENANT, each.id)).toStrictEqual(each);
    }
  });

  it('looks a text the codec could not number up once per batch, and remembers it for no longer', async () => {
    const path = newPath();
    migrateSqlite(path);
    const statements: string[] = [];
    const client = track(new Database(path, { verbose: (sql) => statements.push(String(sql)) }));
    // '[]' takes the codec's one number, so California's text goes unnumbered.
    const writer = createQuoteWriter(client, false, { maxSharedTemplates: 1 });
    const templateStatements = () => statements.filter((sql) => sql.includes('calculation_templates')).length;
    const written = [calculationIn(), calculationIn(), calculationIn()];
    for (const each of written) writer.insert(TENANT, each, true);
    writer.flush();
    expect(templateStatements()).toBe(1); // the INSERT OR IGNORE, once for the batch
    const later = calculationIn();
    written.push(later);
    writer.insert(TENANT, later, true);
    writer.flush();
    expect(templateStatements()).toBe(3); // not remembered: INSERT OR IGNORE, then the read
    expect(templatesCount(client)).toBe(1);
    for (const each of written) {
      expect(rowOf(client, each.id).templatesId).toBe(rowOf(client, later.id).templatesId);
      expect(writer.get(TENANT, each.id)).toStrictEqual(each);
    }
  });

  it('remembers a template only once its batch commits: a rolled-back batch takes the row with it', async () => {
    const store = track(createSqliteStore({ path: newPath() }));
    const writer = createQuoteWriter(store.client, false);
    const kept = calculationIn();
    writer.insert(TENANT, kept, true);
    writer.flush();
    // The same id again (the hint skips the file's check), with a text the file lacks: the batch
    // fails on it and is rolled back, template row included; the rows are then written one by one.
    const clashing = { ...calculationIn(true), id: kept.id };
    const after = calculationIn(true);
    writer.insert(TENANT, clashing, true);
    writer.insert(TENANT, after, true);
    writer.flush();
    expect(writer.get(TENANT, kept.id)).toStrictEqual(kept);
    expect(writer.get(TENANT, after.id)).toStrictEqual(after);
    expect(templatesCount(store.client)).toBe(2);
    const later = calculationIn(true);
    writer.insert(TENANT, later, true);
    writer.flush();
    expect(await store.getCalculation(TENANT, later.id)).toStrictEqual(later);
  });

  it('migrates rows holding their templates inline, and reports a row naming missing templates', async () => {
    const path = newPath();
    const old = track(createSqliteStore({ path }));
    const inline = calculationIn();
    writeOldCalculationRow(old.client, TENANT, inline.id, compactText(toCompactCalculation(inline)));
    await old.close();
    const store = track(createSqliteStore({ path }));
    expect(await store.getCalculation(TENANT, inline.id)).toStrictEqual(inline);
    expect(rowOf(store.client, inline.id).templatesId).toBe(templatesKeyOf(toCompactCalculation(inline).templates));

    // Text in a migrated file (a hand, or a version older than the migration) is refused, not misread.
    store.client.prepare('UPDATE calculations SET body = ? WHERE id = ?').run(JSON.stringify(inline), inline.id);
    const text = await expectTaxError(store.getCalculation(TENANT, inline.id), 'STORAGE_UNAVAILABLE');
    expect(String((text.cause as Error).message)).toMatch(/is text, not a calculation record/);

    const broken = calculationIn();
    await store.insertCalculation(TENANT, broken);
    await nextTurn();
    store.client.prepare('UPDATE calculations SET templates_id = 7 WHERE id = ?').run(broken.id);
    const error = await expectTaxError(store.getCalculation(TENANT, broken.id), 'STORAGE_UNAVAILABLE');
    expect(String((error.cause as Error).message)).toMatch(/names templates 7/);
  });

  it('migrates a file written before the templates table, and reads its calculations', async () => {
    const path = newPath();
    // The migrations up to the one before calculation_templates, as an existing file has them.
    const earlier = join(directory, 'earlier-migrations');
    const migrations = new URL('../../adapters/sqlite/migrations/', import.meta.url);
    cpSync(migrations, earlier, { recursive: true });
    const journalPath = join(earlier, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const upTo = journal.entries.findIndex((entry) => entry.tag.endsWith('_calculation_templates'));
    expect(upTo).toBeGreaterThan(0);
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));
    const old = new Database(path);
    migrate(drizzle({ client: old }), { migrationsFolder: earlier });
    const inline = calculationIn();
    writeOldCalculationRow(old, TENANT, inline.id, compactText(toCompactCalculation(inline)));
    old.close();

    const store: SqliteTaxStore = track(createSqliteStore({ path }));
    expect(await store.getCalculation(TENANT, inline.id)).toStrictEqual(inline);
    // Rewritten as a record naming its templates, as every row now is.
    expect(Buffer.isBuffer(rowOf(store.client, inline.id).body)).toBe(true);
    expect(rowOf(store.client, inline.id).templatesId).not.toBeNull();
    const fresh = calculationIn();
    await store.insertCalculation(TENANT, fresh);
    await nextTurn();
    expect(rowOf(store.client, fresh.id).templatesId).not.toBeNull();
    expect(await store.getCalculation(TENANT, fresh.id)).toStrictEqual(fresh);
  });
});
