/**
 * vitest `globalSetup` of the `vendure` project: installs Vendure into this folder (its own
 * package.json and lockfile) when it is not there yet. The server itself runs on SQLite
 * (sql.js, WebAssembly: nothing to compile) inside the test.
 *
 * @module
 */
import { fileURLToPath } from 'node:url';
import { installFramework } from '../install-framework.ts';

export default function setup(): void {
  installFramework(fileURLToPath(new URL('.', import.meta.url)));
}
