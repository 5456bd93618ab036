import { z } from 'zod';
import { TaxError } from '../core/errors.ts';
import type { CallContext } from '../api/call-context.ts';
import { parseBody } from '../wire/parse-body.ts';
import { taxRule } from '../wire/tax-rule.ts';
import type { OperationInput, Route } from './route.ts';
import type { TestHarnessOptions } from './test-harness-options.ts';

/** The engine method the reset route needs; `createTaxEngine`'s engines have it. */
export interface ResettableEngine {
  resetTestData?(context?: CallContext): Promise<void>;
}

const seconds = z.number().refine(Number.isSafeInteger, taxRule('INVALID_VALUE', 'must be whole seconds'));

/** Body of POST /tax/test_helpers/clock: set the time, move it, freeze or release it. */
const clockRequestSchema = z.strictObject({
  /** The new time, Unix seconds. */
  now: seconds.optional(),
  /** Seconds to move the clock by (negative moves it back). */
  advance_seconds: seconds.optional(),
  /** Stop the clock (`true`) or let it run with real time again (`false`). */
  frozen: z.boolean().optional(),
});

/**
 * The test-harness routes (docs/test-harness.md). They take a secret key of test mode only: a
 * live key gets 404 ROUTE_NOT_FOUND, as does everyone when the option is off (the routes are
 * not in the table then).
 *
 * - `POST /tax/test_helpers/reset`: deletes every test-mode record of the caller's account.
 * - `GET /tax/test_helpers/clock`: the engine's time.
 * - `POST /tax/test_helpers/clock`: `{ now?, advance_seconds?, frozen? }`, applied in that order.
 *   The clock is the server's: it moves for every account (and for live mode too), which is why
 *   it exists only on a server started with the option.
 */
export function createHarnessRoutes(engine: ResettableEngine, options: TestHarnessOptions): Route[] {
  const routes: Route[] = [
    {
      pattern: '/tax/test_helpers/reset',
      operations: {
        POST: {
          summary: "Test harness: delete every test-mode record of the caller's account.",
          keys: 'secret',
          run: async ({ context }) => {
            testModeOnly(context, 'POST /tax/test_helpers/reset');
            if (engine.resetTestData === undefined) {
              throw new TaxError('ROUTE_NOT_FOUND', 'This engine cannot reset test data.');
            }
            await engine.resetTestData(context);
            return { object: 'test_helpers.reset', testmode: true, deleted: true };
          },
        },
      },
    },
  ];
  const { clock } = options;
  if (clock !== undefined) {
    const answer = () => ({ object: 'test_clock', now: Math.floor(clock.now() / 1000), frozen: clock.frozen });
    routes.push({
      pattern: '/tax/test_helpers/clock',
      operations: {
        GET: {
          summary: "Test harness: the server's clock.",
          keys: 'secret',
          run: ({ context }: OperationInput) => {
            testModeOnly(context, 'GET /tax/test_helpers/clock');
            return answer();
          },
        },
        POST: {
          summary: "Test harness: set, advance, freeze or release the server's clock.",
          keys: 'secret',
          body: true,
          requestSchema: clockRequestSchema,
          run: ({ context, body }: OperationInput) => {
            testModeOnly(context, 'POST /tax/test_helpers/clock');
            const request = parseBody(clockRequestSchema, body);
            // Freeze before setting and release after: set on a running clock and frozen a
            // moment later would stand a millisecond or more past the `now` that was asked for.
            if (request.frozen === true) clock.freeze(true);
            if (request.now !== undefined) clock.set(request.now * 1000);
            if (request.advance_seconds !== undefined) clock.advance(request.advance_seconds * 1000);
            if (request.frozen === false) clock.freeze(false);
            return answer();
          },
        },
      },
    });
  }
  return routes;
}

/** In live mode the harness routes do not exist. */
function testModeOnly(context: CallContext, operation: string): void {
  if (context.tenant?.mode !== 'test') {
    throw new TaxError(
      'ROUTE_NOT_FOUND',
      `No route for ${operation} in live mode; test-harness routes are test-mode only.`,
    );
  }
}
