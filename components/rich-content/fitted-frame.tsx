'use client';

import { type ComponentProps, useEffect, useRef, useState } from 'react';
import { reportedHeight } from './frame-height';

type FittedFrameProps = Omit<ComponentProps<'iframe'>, 'height' | 'ref'> & {
  /** The height to start with: the server's, from the content's data. */
  height: number;
  /** The origin the frame's document posts its height from: the provider's, or "null" for our sandboxed srcdoc. */
  origin: string;
};

/**
 * An embed frame as tall as its document says (issue 47): X's and Instagram's posts, and our sandboxed markup frames,
 * whose documents post their height. Only a message from this frame's own window and origin counts
 * (`frame-height.ts`); no third-party script is loaded. Rendered only for such frames, so only their pages ship it.
 */
export function FittedFrame({ height, origin, ...frame }: FittedFrameProps) {
  const ref = useRef<HTMLIFrameElement>(null);
  const [fitted, setFitted] = useState<number | null>(null);
  useEffect(() => {
    const listen = (event: MessageEvent) => {
      const reported = reportedHeight(event, ref.current?.contentWindow, origin);
      if (reported !== null) setFitted(reported);
    };
    addEventListener('message', listen);
    // Our own document may have said its height before this listened: it says it again when asked.
    if (origin === 'null') ref.current?.contentWindow?.postMessage('height', '*');
    return () => removeEventListener('message', listen);
  }, [origin]);
  // `data-fit`: whether the frame's document has said its height (what the screenshots wait for).
  return <iframe ref={ref} {...frame} height={fitted ?? height} data-fit={fitted === null ? 'waiting' : 'done'} />;
}
