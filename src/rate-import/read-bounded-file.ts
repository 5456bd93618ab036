import { closeSync, openSync, readSync } from 'node:fs';
import { TaxError } from '../core/errors.ts';

/** How much is read at a time. */
const CHUNK_BYTES = 1024 * 1024;

/**
 * The bytes of the file at `path`, refused as soon as more than `maxBytes` have been read:
 * the bytes are counted as they come, so a pipe, a device (`/dev/zero`) or a file that grows
 * while it is read stops at the bound, whatever `stat` says of its size (a pipe's is 0).
 *
 * @throws TaxError INVALID_VALUE naming `fileName` and the bound, with `details.file`.
 */
export function readBoundedFile(path: string, fileName: string, maxBytes: number, what: string): Buffer {
  const fd = openSync(path, 'r');
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
      const read = readSync(fd, chunk, 0, CHUNK_BYTES, null);
      if (read === 0) return Buffer.concat(chunks, total);
      total += read;
      if (total > maxBytes) {
        throw new TaxError('INVALID_VALUE', `${fileName}: more than ${maxBytes} bytes, the most ${what} may hold.`, {
          details: { file: fileName, maxBytes },
        });
      }
      chunks.push(read === CHUNK_BYTES ? chunk : chunk.subarray(0, read));
    }
  } finally {
    closeSync(fd);
  }
}
