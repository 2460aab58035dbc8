// Route handlers, pages and the proxy are bundled separately but run in one Node process: a module-level
// variable exists once per bundle, so state that must be one per process hangs off globalThis.
export function processSingleton<T>(name: string, create: () => T): T {
  const key = Symbol.for(`wix-blog.${name}`);
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  return (store[key] ??= create());
}
