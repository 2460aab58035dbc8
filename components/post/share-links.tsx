import { CopyLink } from './copy-link';
import { ShareButton } from './share-button';
import { words } from '@/lib/core/i18n';

// Share links under each post, with no third-party script: each network is a plain link to its documented share page,
// with the post's absolute address and title encoded into it (encodeURIComponent: `%20`, never `+`, which mailto
// would keep). Static HTML, built from the post's data when the page is prerendered, behind one "Share" (issue 47): a
// <details> disclosure without JavaScript, the system's share sheet where the browser has one (share-button.tsx).

export interface ShareTarget {
  /** What the link shows. */
  label: string;
  /** What it reads out before the label ("Share on", "Share by"). */
  lead: string;
  href: string;
}

const query = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');

/** How the share links read, in the page's language. */
export interface ShareWords {
  heading: string;
  button: string;
  on: string;
  by: string;
  email: string;
  copy: string;
  copied: string;
  refused: string;
}

export const shareWords = (language?: string | null): ShareWords => {
  const { t } = words(language);
  return {
    heading: t('post.share'),
    button: t('post.shareButton'),
    on: t('post.shareOn'),
    by: t('post.shareBy'),
    email: t('post.email'),
    copy: t('post.copyLink'),
    copied: t('post.linkCopied'),
    refused: t('post.copyRefused'),
  };
};

/** Where each network shares a post: `url` absolute, `title` as the post has it. */
export function shareTargets(url: string, title: string, said: ShareWords = shareWords()): ShareTarget[] {
  return [
    { label: said.email, lead: said.by, href: `mailto:?${query({ subject: title, body: `${title}\n\n${url}` })}` },
    {
      label: 'Bluesky',
      lead: said.on,
      href: `https://bsky.app/intent/compose?${query({ text: `${title} ${url}` })}`,
    },
    {
      label: 'Mastodon',
      lead: said.on,
      href: `https://share.joinmastodon.org/?${query({ text: `${title}\n\n${url}` })}`,
    },
    { label: 'LinkedIn', lead: said.on, href: `https://www.linkedin.com/sharing/share-offsite/?${query({ url })}` },
    { label: 'X', lead: said.on, href: `https://x.com/intent/tweet?${query({ text: title, url })}` },
    { label: 'Facebook', lead: said.on, href: `https://www.facebook.com/sharer/sharer.php?${query({ u: url })}` },
    {
      label: 'Hacker News',
      lead: said.on,
      href: `https://news.ycombinator.com/submitlink?${query({ u: url, t: title })}`,
    },
    { label: 'Reddit', lead: said.on, href: `https://www.reddit.com/submit?${query({ url, title })}` },
  ];
}

/** The id of the share links' disclosure (one per page). */
const LINKS_ID = 'share-links';

export function ShareLinks({ url, title, language }: { url: string; title: string; language?: string | null }) {
  const said = shareWords(language);
  return (
    <div className="share">
      <ShareButton url={url} title={title} label={said.button} linksId={LINKS_ID}>
        <details id={LINKS_ID} className="share__more">
          <summary className="share__button">
            {said.button}
            <span className="share__caret" aria-hidden="true">
              ▾
            </span>
          </summary>
          <ul className="share__list" aria-label={said.heading}>
            <li>
              <CopyLink url={url} label={said.copy} copied={said.copied} refused={said.refused} />
            </li>
            {shareTargets(url, title, said).map((target) => (
              <li key={target.label}>
                <a
                  className="share__link"
                  href={target.href}
                  // Outside links open in a new tab, as the post's own links do; the mail client opens by itself.
                  {...(target.href.startsWith('https:') && { target: '_blank', rel: 'noopener noreferrer' })}
                >
                  <span className="visually-hidden">{target.lead} </span>
                  {target.label}
                </a>
              </li>
            ))}
          </ul>
        </details>
      </ShareButton>
    </div>
  );
}
