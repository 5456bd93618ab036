/**
 * The Avalara-format fixture generator, for tests: it lives in `scripts/avalara-fixture.mjs`
 * (plain JavaScript, so the benchmarks and the command line use the same one).
 *
 * @module
 */
export {
  ALL_FIXTURE_STATES,
  avalaraCsv,
  generateAvalaraFixture,
  TWO_STATE_ZIPS,
  type AvalaraFixtureOptions,
  type FixtureFile,
  type FixtureRow,
} from '../../scripts/avalara-fixture.mjs';
