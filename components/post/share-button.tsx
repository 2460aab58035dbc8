'use client';

import { type ComponentType, useEffect, useState } from 'react';
import type { ShareButtonProps } from './share-button-island';

// "Share" (share-button-island.tsx: the system's share sheet), fetched only where the browser has the Web Share API:
// a chunk of its own, which a browser without it (most desktops) never downloads. Until then, and without
// JavaScript, the share links' disclosure (`children`) is the page's own.
export function ShareButton(props: ShareButtonProps) {
  const [Island, setIsland] = useState<ComponentType<ShareButtonProps> | null>(null);
  useEffect(() => {
    if (typeof navigator.share !== 'function') return;
    let live = true;
    void import('./share-button-island').then((module) => live && setIsland(() => module.default));
    return () => {
      live = false;
    };
  }, []);
  return Island ? <Island {...props} /> : props.children;
}
