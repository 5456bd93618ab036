// A benchmark script's own section of bench/RESULTS.md, between `<!-- NAME:start -->` and
// `<!-- NAME:end -->`: replaced in place when it is there, appended when it is not.
import { readFileSync, writeFileSync } from 'node:fs';
import * as prettier from 'prettier';

/**
 * @param {string} name the markers' name (`postgres-bench`)
 * @param {string} section the section, markers included
 */
export async function writeResultsSection(name, section) {
  const file = new URL('../RESULTS.md', import.meta.url);
  const current = readFileSync(file, 'utf8');
  const pattern = new RegExp(`<!-- ${name}:start -->[\\s\\S]*<!-- ${name}:end -->`);
  const next = pattern.test(current) ? current.replace(pattern, () => section) : `${current.trimEnd()}\n\n${section}\n`;
  const config = (await prettier.resolveConfig(file)) ?? {};
  writeFileSync(file, await prettier.format(next, { ...config, parser: 'markdown' }));
}
