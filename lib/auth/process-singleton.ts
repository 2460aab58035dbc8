// Proxy and route handlers are bundled separately but run in one Node process; module-level state would
// exist once per bundle, so process-wide state hangs off globalThis under a registered symbol.
export function processSingleton<T>(name: string, create: () => T): T {
  const key = Symbol.for(`wix-blog.${name}`);
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  return (store[key] ??= create());
}
