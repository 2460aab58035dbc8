'use client';

import { useSyncExternalStore } from 'react';

// Whether an island runs in the browser after hydration: what only works there (a button that needs JavaScript, a
// cookie read) shows then, and the server's HTML and the hydrating render stay the same (no mismatch, no effect).

const subscribeNothing = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/** False in the server's HTML and while hydrating, true after. */
export const useHydrated = (): boolean => useSyncExternalStore(subscribeNothing, inBrowser, onServer);
