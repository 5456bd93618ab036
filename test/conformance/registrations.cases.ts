import { expect } from 'vitest';
import { checkNoOverlap } from '../../src/core/registrations/check-registration.ts';
import type { Registration } from '../../src/core/types.ts';
import type { RegistrationPlanner } from '../../src/ports/store.ts';
import { LIVE_MODE, OTHER_ACCOUNT, TENANT } from '../helpers/records.ts';
import { expectTaxError, outcomesOf } from './assertions.ts';
import type { SuiteContext } from './suite-context.ts';

function makeRegistration(overrides: Partial<Registration> = {}): Registration {
  return {
    id: 'taxreg_1',
    country: 'US',
    province: 'IN',
    type: 'us_state_sales_tax',
    registrationNumber: '',
    activeFrom: 1_000,
    createdAt: 500,
    updatedAt: 500,
    ...overrides,
  };
}

/** The engine's planner for a new registration: refuse an overlap, else write it. */
const insert =
  (registration: Registration): RegistrationPlanner =>
  (_current, others) => {
    checkNoOverlap(registration, others);
    return registration;
  };

/**
 * Registrations: written through a planner that sees the other live ones (so the overlap
 * check is atomic), read back as copies, soft-deleted, per tenant.
 */
export function describeRegistrationCases({ store, test }: SuiteContext): void {
  test('registrations: written, read back by id and in id order, as copies', async () => {
    const b = makeRegistration({ id: 'taxreg_b', province: 'OH', expiresAt: 9_000, registrationNumber: 'OH-1' });
    const a = makeRegistration({ id: 'taxreg_a' });
    expect(await store().writeRegistration(TENANT, b.id, insert(b))).toEqual(b);
    await store().writeRegistration(TENANT, a.id, insert(a));
    expect(await store().listRegistrations(TENANT)).toEqual([a, b]);
    const got = await store().getRegistration(TENANT, b.id);
    expect(got).toEqual(b);
    (got as { country: string }).country = 'XX';
    expect(await store().getRegistration(TENANT, b.id)).toEqual(b);
    expect(await store().getRegistration(TENANT, 'taxreg_missing')).toBeUndefined();
  });

  test('registrations: the planner sees the current record and the others, and may replace it', async () => {
    const a = makeRegistration({ id: 'taxreg_a' });
    const b = makeRegistration({ id: 'taxreg_b', province: 'OH' });
    await store().writeRegistration(TENANT, a.id, insert(a));
    await store().writeRegistration(TENANT, b.id, insert(b));
    const seen: { current: Registration | undefined; others: readonly Registration[] }[] = [];
    const updated = await store().writeRegistration(TENANT, a.id, (current, others) => {
      seen.push({ current, others });
      return { ...(current as Registration), expiresAt: 5_000 };
    });
    expect(seen).toEqual([{ current: a, others: [b] }]);
    expect(updated.expiresAt).toBe(5_000);
    expect(await store().getRegistration(TENANT, a.id)).toEqual({ ...a, expiresAt: 5_000 });
  });

  test('registrations: a refusing planner writes nothing', async () => {
    const a = makeRegistration({ id: 'taxreg_a' });
    await store().writeRegistration(TENANT, a.id, insert(a));
    const overlapping = makeRegistration({ id: 'taxreg_b', activeFrom: 2_000 });
    const error = await expectTaxError(
      store().writeRegistration(TENANT, overlapping.id, insert(overlapping)),
      'INVALID_VALUE',
    );
    expect(error.key).toEqual(['activeFrom']);
    expect(await store().listRegistrations(TENANT)).toEqual([a]);
  });

  test('registrations: two overlapping writes at once, exactly one is kept', async () => {
    const first = makeRegistration({ id: 'taxreg_a' });
    const second = makeRegistration({ id: 'taxreg_b', activeFrom: 1_500 });
    const results = await Promise.allSettled([
      store().writeRegistration(TENANT, first.id, insert(first)),
      store().writeRegistration(TENANT, second.id, insert(second)),
    ]);
    expect(outcomesOf(results).toSorted()).toEqual(['INVALID_VALUE', 'ok']);
    expect(await store().listRegistrations(TENANT)).toHaveLength(1);
  });

  test('registrations: a deleted one is gone from reads and frees its period', async () => {
    const a = makeRegistration({ id: 'taxreg_a' });
    await store().writeRegistration(TENANT, a.id, insert(a));
    expect(await store().deleteRegistration(TENANT, a.id, 7_000)).toEqual({ ...a, deletedAt: 7_000 });
    expect(await store().deleteRegistration(TENANT, a.id, 8_000)).toBeUndefined();
    expect(await store().getRegistration(TENANT, a.id)).toBeUndefined();
    expect(await store().listRegistrations(TENANT)).toEqual([]);
    const again = makeRegistration({ id: 'taxreg_b' });
    await store().writeRegistration(TENANT, again.id, insert(again));
    expect(await store().listRegistrations(TENANT)).toEqual([again]);
  });

  test('registrations: each account and mode sees only its own, and a test-mode reset removes them', async () => {
    const a = makeRegistration({ id: 'taxreg_a' });
    await store().writeRegistration(TENANT, a.id, insert(a));
    // The same place and period in another tenant is no overlap.
    await store().writeRegistration(OTHER_ACCOUNT, a.id, insert(a));
    await store().writeRegistration(LIVE_MODE, a.id, insert(a));
    expect(await store().deleteRegistration(OTHER_ACCOUNT, a.id, 9_000)).toBeDefined();
    expect(await store().listRegistrations(TENANT)).toEqual([a]);
    expect(await store().listRegistrations(OTHER_ACCOUNT)).toEqual([]);
    await store().deleteTenantRecords(TENANT);
    expect(await store().listRegistrations(TENANT)).toEqual([]);
    expect(await store().listRegistrations(LIVE_MODE)).toEqual([a]);
  });
}
