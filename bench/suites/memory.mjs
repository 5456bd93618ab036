// Memory kept per stored calculation in the memory store (its heap and the buffers outside the
// heap that hold the calculations' records), and the same after 200k calculations, measured in a
// child process with --expose-gc.
import { execFileSync } from 'node:child_process';

const CHILD = new URL('../children/heap-per-calculation.mjs', import.meta.url).pathname;

export async function runMemory() {
  const output = execFileSync(process.execPath, ['--expose-gc', CHILD, '20000', '90000', '200000'], {
    encoding: 'utf8',
  });
  const { perCalculation, kept, heapAfterFill, fill } = JSON.parse(output.trim().split('\n').at(-1) ?? '{}');
  const mb = (/** @type {number} */ bytes) => `${(bytes / 1_048_576).toFixed(0)} MB`;
  return [
    {
      measure: 'heap and buffers kept per stored calculation, memory store',
      subject: { label: 'memory store, 3-line calculations', value: perCalculation, unit: 'bytes' },
      target: { maxBytes: 1_024 },
      note: `after ${fill.toLocaleString('en')} calculations: ${kept.toLocaleString('en')} kept, heap and buffers +${mb(heapAfterFill)}`,
    },
  ];
}
