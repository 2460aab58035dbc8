'use client';

import { Suspense, lazy } from 'react';
import type { PollFormProps } from './poll-form-island';

// A poll's form (poll-form-island.tsx), loaded only where a post has a poll: its code is a chunk of its own, so the
// other posts' pages, which share the post route's islands, do not carry it. Until it has loaded the poll is the plain
// form, which votes without JavaScript (on the server the island itself renders, the same form).
const Island = lazy(() => import('./poll-form-island'));

export function PollForm(props: PollFormProps) {
  const plain = (
    <form method="post" action={props.action} className="rc-poll-form">
      {props.children}
      <div aria-live="polite" />
    </form>
  );
  return (
    <Suspense fallback={plain}>
      <Island {...props} />
    </Suspense>
  );
}
