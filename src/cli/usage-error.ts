/** Wrong arguments: `main` prints the message with a pointer to the help and exits 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
