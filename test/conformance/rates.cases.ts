import { expect } from 'vitest';
import { makeLocalTable, makeRateRecord } from '../helpers/rate-records.ts';
import { expectTaxError, vandalise } from './assertions.ts';
import type { SuiteContext } from './suite-context.ts';

/**
 * Imported rate tables and snapshots: imports are all or nothing and idempotent, the revision
 * moves once per import that changed something, activation order is kept, and snapshots give
 * back exactly the tables they name, base tables included.
 */
export function describeRateCases({ store, test }: SuiteContext): void {
  const march = makeRateRecord(makeLocalTable({ from: '2026-03-01' }), { format: 'avalara-zip5' });
  const april = makeRateRecord(makeLocalTable({ from: '2026-04-01', cityRate: '0.0125' }), { format: 'avalara-zip5' });
  const oregon = makeRateRecord(makeLocalTable({ state: 'OR', zip: '97635' }), { format: 'taxkit-csv' });
  const base = makeRateRecord(makeLocalTable({ state: 'IN', zip: '46122' }), { format: 'base' });

  test('an empty store has rate revision 0 and no tables', async () => {
    expect(await store().rateRevision()).toBe(0);
    expect(await store().loadRateTables()).toStrictEqual({ revision: 0, tables: [] });
    expect(await store().listRateTables()).toStrictEqual([]);
    expect(await store().getRateSnapshot('0123456789abcdef')).toBeUndefined();
  });

  test('an import activates its tables in order under one new revision', async () => {
    const outcome = await store().importRateTables([march, april]);
    expect(outcome).toStrictEqual({ added: [march.id, april.id], removed: [], revision: 1 });
    expect(await store().rateRevision()).toBe(1);
    expect(await store().loadRateTables()).toStrictEqual({ revision: 1, tables: [march, april] });
    const second = await store().importRateTables([oregon]);
    expect(second).toStrictEqual({ added: [oregon.id], removed: [], revision: 2 });
    const listed = await store().listRateTables();
    expect(listed.map((summary) => [summary.id, summary.revision, summary.format])).toStrictEqual([
      [march.id, 1, 'avalara-zip5'],
      [april.id, 1, 'avalara-zip5'],
      [oregon.id, 2, 'taxkit-csv'],
    ]);
    expect(listed[0]).toStrictEqual({
      id: march.id,
      format: 'avalara-zip5',
      fileName: march.fileName,
      rowCount: 1,
      importedAt: march.importedAt,
      name: march.table.name,
      source: march.table.source,
      effectiveDate: '2026-03-01',
      revision: 1,
    });
  });

  test('re-importing the same tables changes nothing, not even the revision', async () => {
    await store().importRateTables([march, april]);
    expect(await store().importRateTables([april, march])).toStrictEqual({ added: [], removed: [], revision: 1 });
    expect(await store().importRateTables([march, march])).toStrictEqual({ added: [], removed: [], revision: 1 });
    expect((await store().loadRateTables()).tables.map((record) => record.id)).toStrictEqual([march.id, april.id]);
  });

  test('a table listed twice in one import is activated once', async () => {
    expect(await store().importRateTables([march, march, april])).toStrictEqual({
      added: [march.id, april.id],
      removed: [],
      revision: 1,
    });
    expect((await store().loadRateTables()).tables).toHaveLength(2);
  });

  test('an import with a new and a known table activates only the new one', async () => {
    await store().importRateTables([march]);
    expect(await store().importRateTables([march, april])).toStrictEqual({
      added: [april.id],
      removed: [],
      revision: 2,
    });
  });

  test('changing returned tables never changes the store', async () => {
    await store().importRateTables([march]);
    vandalise((await store().loadRateTables()).tables);
    vandalise(await store().listRateTables());
    expect((await store().loadRateTables()).tables).toStrictEqual([march]);
  });

  test('a snapshot gives back its tables in order, base tables included, without activating them', async () => {
    await store().importRateTables([march]);
    const snapshot = { id: 'aaaaaaaaaaaaaaaa', tableIds: [base.id, march.id], createdAt: 1_772_323_200 };
    await store().saveRateSnapshot(snapshot, [base]);
    expect(await store().getRateSnapshot(snapshot.id)).toStrictEqual({ snapshot, tables: [base, march] });
    expect(await store().rateRevision()).toBe(1);
    expect((await store().loadRateTables()).tables).toStrictEqual([march]);
  });

  test('saving a snapshot again keeps the first record', async () => {
    const snapshot = { id: 'bbbbbbbbbbbbbbbb', tableIds: [base.id], createdAt: 100 };
    await store().saveRateSnapshot(snapshot, [base]);
    await store().saveRateSnapshot({ ...snapshot, createdAt: 200 }, []);
    expect((await store().getRateSnapshot(snapshot.id))?.snapshot).toStrictEqual(snapshot);
  });

  test('a snapshot naming a table that is not stored is INVALID_VALUE and writes nothing', async () => {
    const snapshot = { id: 'cccccccccccccccc', tableIds: [base.id, march.id], createdAt: 100 };
    await expectTaxError(store().saveRateSnapshot(snapshot, [base]), 'INVALID_VALUE');
    expect(await store().getRateSnapshot(snapshot.id)).toBeUndefined();
    // The base table offered with it was not stored either: a later snapshot of it alone needs it offered.
    await expectTaxError(
      store().saveRateSnapshot({ id: 'dddddddddddddddd', tableIds: [base.id], createdAt: 100 }, []),
      'INVALID_VALUE',
    );
  });

  test('importing a table first stored as a snapshot base activates it', async () => {
    await store().saveRateSnapshot({ id: 'eeeeeeeeeeeeeeee', tableIds: [base.id], createdAt: 100 }, [base]);
    expect(await store().importRateTables([base])).toStrictEqual({ added: [base.id], removed: [], revision: 1 });
    expect((await store().loadRateTables()).tables).toStrictEqual([base]);
  });

  test('tables of an old snapshot stay readable after newer imports', async () => {
    await store().importRateTables([march]);
    const snapshot = { id: 'ffffffffffffffff', tableIds: [march.id], createdAt: 100 };
    await store().saveRateSnapshot(snapshot, []);
    await store().importRateTables([april, oregon]);
    expect(await store().getRateSnapshot(snapshot.id)).toStrictEqual({ snapshot, tables: [march] });
  });

  test('removing a table takes it out of the active ones under one new revision, and keeps it for snapshots', async () => {
    await store().importRateTables([march, april]);
    await store().importRateTables([oregon]);
    await store().saveRateSnapshot({ id: 'abababababababab', tableIds: [april.id], createdAt: 100 }, []);
    expect(await store().removeRateTables([april.id])).toStrictEqual({ removed: [april.id], revision: 3 });
    expect(await store().rateRevision()).toBe(3);
    expect(await store().loadRateTables()).toStrictEqual({ revision: 3, tables: [march, oregon] });
    expect((await store().listRateTables()).map((summary) => summary.id)).toStrictEqual([march.id, oregon.id]);
    expect((await store().getRateSnapshot('abababababababab'))?.tables).toStrictEqual([april]);
    // Nothing active to remove: nothing changes, not even the revision.
    expect(await store().removeRateTables([april.id, 'not-a-table'])).toStrictEqual({ removed: [], revision: 3 });
    // Importing it again puts it back, on top.
    expect(await store().importRateTables([april])).toStrictEqual({ added: [april.id], removed: [], revision: 4 });
    expect((await store().loadRateTables()).tables).toStrictEqual([march, oregon, april]);
  });

  test('removing every table leaves the revision where it was moved to, never back to 0', async () => {
    await store().importRateTables([march]);
    expect(await store().removeRateTables([march.id])).toStrictEqual({ removed: [march.id], revision: 2 });
    expect(await store().rateRevision()).toBe(2);
    expect(await store().loadRateTables()).toStrictEqual({ revision: 2, tables: [] });
    expect(await store().listRateTables()).toStrictEqual([]);
  });

  test('a replacing import puts an active table back on top, and takes out the tables of its name', async () => {
    await store().importRateTables([march]);
    await store().importRateTables([oregon]);
    // Without replace, an active table stays where it is.
    expect(await store().importRateTables([march])).toStrictEqual({ added: [], removed: [], revision: 2 });
    expect(await store().importRateTables([march], undefined, { replace: true })).toStrictEqual({
      added: [march.id],
      removed: [],
      revision: 3,
    });
    expect((await store().loadRateTables()).tables).toStrictEqual([oregon, march]);
    // A corrected table of the same name replaces the active one.
    const corrected = makeRateRecord(makeLocalTable({ from: '2026-03-01', cityRate: '0.02' }), {
      format: 'avalara-zip5',
    });
    expect(await store().importRateTables([corrected], undefined, { replace: true })).toStrictEqual({
      added: [corrected.id],
      removed: [march.id],
      revision: 4,
    });
    expect(await store().loadRateTables()).toStrictEqual({ revision: 4, tables: [oregon, corrected] });
    expect((await store().listRateTables()).map((summary) => [summary.id, summary.revision])).toStrictEqual([
      [oregon.id, 2],
      [corrected.id, 4],
    ]);
  });
}
