import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as prettier from 'prettier';

/**
 * Puts `text` (which starts with `<!-- NAME-bench:start -->` and ends with its end marker) into
 * bench/RESULTS.md in place of the section of that name, or at the end when there is none.
 */
export async function writeResultsSection(name, text) {
  const file = new URL('../RESULTS.md', import.meta.url);
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const marked = new RegExp(`<!-- ${name}-bench:start -->[\\s\\S]*<!-- ${name}-bench:end -->`);
  const next = marked.test(previous) ? previous.replace(marked, text) : `${previous.trimEnd()}\n\n${text}\n`;
  const config = (await prettier.resolveConfig(file)) ?? {};
  writeFileSync(file, await prettier.format(next, { ...config, parser: 'markdown' }));
}
