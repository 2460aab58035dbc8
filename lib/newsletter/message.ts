import { SITE_NAME } from '@/lib/core/site';
import type { Post } from '@/lib/blog/types';
import { renderPostMail } from './mail';
import { OPEN_MARK, markLink, trackedLinks } from './tracking';
import type { Sending } from './types';
import { unsubscribeUrl } from './unsubscribe';

// A post's mail as each subscriber gets it: rendered once for the whole send, then one message per subscriber that
// differs only by their unsubscribe link (in the text, the HTML and RFC 8058's header pair) and by their delivery's
// tracked links and open pixel (tracking.ts).

export const subjectOf = (post: Post) => post.title || `A new post on ${SITE_NAME}`;

/** Each message differs by its unsubscribe link, put in place of this marker. */
const MARK = 'https://unsubscribe.invalid/MARK';

/** A post's mail, rendered once for all its messages; `opens`: it carries the pixel that counts opens, and says so. */
export const renderOnce = async (
  sending: Sending,
  post: Post,
  opens = false,
): Promise<{ html: string; text: string; from?: string; replyTo?: string }> => {
  const [rendered, sender] = await Promise.all([
    renderPostMail(post, {
      siteUrl: sending.siteUrl,
      footer: sending.footer,
      unsubscribeUrl: MARK,
      link: markLink,
      ...(opens && { openPixel: OPEN_MARK }),
    }),
    sending.sender?.() ?? {},
  ]);
  return { ...rendered, ...sender };
};

/** Who a message goes to; `deliveryId`, the delivery it is (none for the owner's test and preview: tracked nowhere). */
export interface MessageTo {
  to: string;
  subscriberId: string;
  subject: string;
  messageId: string;
  postId?: string;
  deliveryId?: string;
}

/** One subscriber's message of a rendered mail: their unsubscribe link in it and in RFC 8058's header pair. */
export function messageOf(
  sending: Sending,
  rendered: { html: string; text: string; from?: string; replyTo?: string },
  to: MessageTo,
) {
  const unsubscribeAt = unsubscribeUrl({ siteUrl: sending.siteUrl, key: sending.key }, to.subscriberId, to.postId);
  const { html, text } = trackedLinks(rendered, sending, to.deliveryId);
  return {
    to: to.to,
    subject: to.subject,
    // In the HTML the link is an attribute, its `&` written `&amp;` as React writes it.
    html: html.replaceAll(MARK, unsubscribeAt.replaceAll('&', '&amp;')),
    text: text.replaceAll(MARK, unsubscribeAt),
    messageId: to.messageId,
    ...(rendered.from && { from: rendered.from }),
    ...((rendered.replyTo || sending.replyTo) && { replyTo: rendered.replyTo || sending.replyTo }),
    headers: {
      'List-Unsubscribe': `<${unsubscribeAt}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': `${SITE_NAME} <newsletter.${new URL(sending.siteUrl).hostname}>`,
    },
  };
}
