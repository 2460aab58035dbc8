'use client';

import { type MouseEvent, useState } from 'react';
import { copyText } from '@/components/clipboard';
import { useHydrated } from '@/components/use-hydrated';

// A code block's "Copy" (issue 31): a tiny island, shown only once it can work (without JavaScript the block stays
// selectable, and no dead button shows). It copies the text of the block it sits in and says so in a live region.

export function CopyCode() {
  const [said, setSaid] = useState('');
  const ready = useHydrated();
  if (!ready) return null;
  async function copy(event: MouseEvent<HTMLButtonElement>) {
    const code = event.currentTarget.closest('.rc-codeblock')?.querySelector('code')?.textContent ?? '';
    setSaid((await copyText(code)) ? 'Copied' : 'Copying was refused: select the code instead.');
  }
  return (
    <span className="rc-code__copy">
      <button type="button" onClick={copy}>
        Copy
      </button>
      <span role="status">{said}</span>
    </span>
  );
}
