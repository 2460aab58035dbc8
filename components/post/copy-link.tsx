'use client';

import { type MouseEvent, useState } from 'react';

// "Copy link" under a post: without JavaScript a plain link to the post (the reader copies its address); with it, this
// island copies the address to the clipboard and says so in a live region. Where the Clipboard API is refused (an
// insecure origin, a denied permission), a hidden text area and the older copy command are tried before giving up.

function copyByCommand(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

export function CopyLink({ url }: { url: string }) {
  const [said, setSaid] = useState('');
  async function copy(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    let copied = false;
    try {
      await navigator.clipboard.writeText(url);
      copied = true;
    } catch {
      copied = copyByCommand(url);
    }
    setSaid(copied ? 'Link copied' : 'Copying was refused: copy this link’s address instead.');
  }
  return (
    <>
      <a href={url} className="share__link" onClick={copy}>
        Copy link
      </a>
      <span className="share__status" role="status">
        {said}
      </span>
    </>
  );
}
