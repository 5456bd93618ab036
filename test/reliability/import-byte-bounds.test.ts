/**
 * Issue 35, finding 7: `fx import` and `rates import` stop at their byte bound while reading,
 * whatever `stat` says: a pipe (whose size is 0) past the bound is refused with its name, as a
 * file past it is, and nothing is kept.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFxInputs } from '../../src/fx-import/read-fx-inputs.ts';
import { readRateInputs } from '../../src/rate-import/read-rate-inputs.ts';

const BOUND = 4_096;
let directory: string;

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'taxkit-import-bounds-'));
});
afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

/** A named pipe a separate process writes `bytes` bytes into, then closes. */
function pipeOf(name: string, bytes: number): string {
  const path = join(directory, name);
  expect(spawnSync('mkfifo', [path]).status).toBe(0);
  // The writer blocks until the test opens the pipe; it is a separate process, so a synchronous read does not deadlock it.
  spawn('sh', ['-c', `head -c ${bytes} /dev/zero | tr '\\0' 'a' > '${path}'`], { stdio: 'ignore' });
  return path;
}

const readers = [
  ['fx import', (path: string) => readFxInputs([path], directory, BOUND)],
  ['rates import', (path: string) => readRateInputs([path], directory, BOUND)],
] as const;

describe.each(readers)('%s counts bytes as it reads', (_name, read) => {
  it('refuses a pipe past the bound, naming it', () => {
    const path = pipeOf('rates.csv', BOUND * 4);
    expect(() => read(path)).toThrow(
      expect.objectContaining({ type: 'INVALID_VALUE', details: { file: path, maxBytes: BOUND } }),
    );
  });

  it('refuses a file past the bound, naming it', () => {
    const path = join(directory, 'big.csv');
    writeFileSync(path, 'a'.repeat(BOUND + 1));
    expect(() => read(path)).toThrow(/big\.csv: more than 4096 bytes/);
  });

  it('reads a pipe and a file within the bound whole', () => {
    const piped = read(pipeOf('small.csv', BOUND));
    expect(piped[0]?.text).toBe('a'.repeat(BOUND));
    const path = join(directory, 'ok.csv');
    writeFileSync(path, 'a,b\n1,2\n');
    expect(read(path)[0]?.text).toBe('a,b\n1,2\n');
  });
});
