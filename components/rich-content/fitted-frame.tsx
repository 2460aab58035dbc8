'use client';

import { Suspense, lazy } from 'react';
import type { FittedFrameProps } from './fitted-frame-island';

// A frame sized by what its document reports (fitted-frame-island.tsx), loaded only where a post has such a frame: its
// code is a chunk of its own, so the other posts' pages do not carry it. Until it has loaded (and on the server) the
// frame is the server's, at the height its data gives.
const Island = lazy(() => import('./fitted-frame-island'));

export function FittedFrame(props: FittedFrameProps) {
  const { height, origin: _origin, ...frame } = props;
  return (
    <Suspense fallback={<iframe {...frame} height={height} data-fit="waiting" />}>
      <Island {...props} />
    </Suspense>
  );
}
