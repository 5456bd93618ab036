import type Database from 'better-sqlite3';
import { toStoreError } from './sqlite-errors.ts';

/** Writes that share one commit, and so one fsync. */
export interface CommitQueue {
  /**
   * Runs `work` (synchronous; its own writes) inside the next group commit and resolves with
   * its result once that commit is on disk. If `work` throws, its writes are rolled back and the
   * promise rejects; the others in the group are unaffected. If the commit itself fails, every
   * write of the group rejects with STORAGE_UNAVAILABLE: none was acknowledged.
   */
  commit<R>(work: () => R): Promise<R>;
  /** Commits whatever is queued now, synchronously (before a close). */
  flush(): void;
}

interface Queued {
  readonly work: () => unknown;
  readonly resolve: (value: unknown) => void;
  readonly reject: (reason: unknown) => void;
}

/** Most writes in one group: bounds one transaction's length (and a lock holder's time). */
const MAX_GROUP = 256;

/**
 * Group commit for durable writes on one connection. The writes that arrive during one turn of
 * the event loop (the requests whose bodies were read together) run in one `BEGIN IMMEDIATE`
 * transaction, each in a savepoint of its own when there are several, and are acknowledged
 * together after the one COMMIT, whose fsync (`synchronous = FULL`) makes all of them durable. Under concurrency the
 * disk's fsync rate then bounds groups per second, not writes per second; one writer alone
 * waits only for the turn to end.
 *
 * Each write's checks see the writes before it in the same group (they are in the same
 * transaction), so uniqueness and refund limits stay exact; and as before the write lock is
 * taken up front, so another process waits rather than reading a state about to change.
 */
export function createCommitQueue(client: Database.Database): CommitQueue {
  let queue: Queued[] = [];
  let scheduled = false;

  const runGroup = client.transaction((group: readonly Queued[]) => {
    const outcomes: { ok: boolean; value: unknown }[] = [];
    for (const { work } of group) {
      try {
        outcomes.push({ ok: true, value: savepoint(work) });
      } catch (thrown) {
        outcomes.push({ ok: false, value: thrown });
      }
    }
    return outcomes;
  });
  // A nested better-sqlite3 transaction is a SAVEPOINT: a failed write rolls back alone.
  const savepoint = client.transaction((work: () => unknown) => work());
  // A write alone in its group needs no savepoint: if it fails, rolling the whole transaction
  // back undoes exactly its writes. One writer waiting for each answer is always alone, and
  // SAVEPOINT and RELEASE were two of its five statements.
  const runAlone = client.transaction((work: () => unknown) => work());

  function flush(): void {
    scheduled = false;
    while (queue.length > 0) {
      const group = queue.length <= MAX_GROUP ? queue : queue.slice(0, MAX_GROUP);
      queue = queue.length <= MAX_GROUP ? [] : queue.slice(MAX_GROUP);
      if (group.length === 1) {
        const { work, resolve, reject } = group[0] as Queued;
        let value: unknown;
        try {
          value = runAlone.immediate(work);
        } catch (thrown) {
          // The write failed and was rolled back, or BEGIN or COMMIT failed: nothing is on disk.
          reject(toStoreError(thrown));
          continue;
        }
        resolve(value);
        continue;
      }
      let outcomes: { ok: boolean; value: unknown }[];
      try {
        outcomes = runGroup.immediate(group);
      } catch (thrown) {
        // BEGIN or COMMIT failed (busy, disk full…): nothing of the group is on disk.
        const error = toStoreError(thrown);
        for (const queued of group) queued.reject(error);
        continue;
      }
      group.forEach((queued, index) => {
        const outcome = outcomes[index] as { ok: boolean; value: unknown };
        if (outcome.ok) queued.resolve(outcome.value);
        else queued.reject(toStoreError(outcome.value));
      });
    }
  }

  return {
    commit<R>(work: () => R): Promise<R> {
      return new Promise<R>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
    flush,
  };
}
