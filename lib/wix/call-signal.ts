import { AsyncLocalStorage } from 'node:async_hooks';

// The abort signal of the source call in progress: the guard's deadline reaches the transport through it,
// so retries stop when the caller has already given up, without threading a signal through the SDK.

const storage = new AsyncLocalStorage<AbortSignal>();

export const withCallSignal = <T>(signal: AbortSignal, run: () => Promise<T>): Promise<T> => storage.run(signal, run);

/** The signal of the guarded call this code runs under, if any. */
export const callSignal = (): AbortSignal | undefined => storage.getStore();
