/** Bad input: the command changes nothing and exits with status 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
