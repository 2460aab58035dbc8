import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { CommentsSection } from '@/components/comments/comments-section';
import { type CommentView, type CommentsView, commentAvatar } from '@/lib/comments/view';
import { commentParagraphs } from '@/lib/comments/text';

// The thread as every reader gets it (static HTML): what a reader wrote is text and http(s) links only, names and
// texts are isolated from the text around them, and a closed post keeps its thread but offers no form. Each comment
// shows its writer's picture or initials; where only members comment, a thread's "Reply" invites a visitor to sign in
// or join rather than offering a text box they cannot use.

/** Whether the islands render as hydrated in the browser (false: the server's HTML, as a reader without JavaScript). */
const browser = vi.hoisted(() => ({ hydrated: false }));
vi.mock('@/components/use-hydrated', () => ({ useHydrated: () => browser.hydrated }));

const comment = (id: string, text: string, name = 'Ada', picture?: string): CommentView => ({
  id,
  memberId: 'member-1',
  authorName: name,
  avatar: commentAvatar(name, picture, 'https://blog.example'),
  createdDate: '2026-11-24T10:00:00.000Z',
  edited: false,
  paragraphs: commentParagraphs(text),
});

const view = (threads: CommentsView['threads'], extra: Partial<CommentsView> = {}): CommentsView => ({
  postId: 'post-1',
  count: threads.length,
  page: 1,
  threads,
  available: true,
  newer: null,
  older: null,
  settings: { visitorsMayComment: false, approval: 'none' },
  open: true,
  signinHref: `/signin?notice=signin-to-comment&next=${encodeURIComponent('/post/p#comments')}`,
  ...extra,
});

describe('CommentsSection', () => {
  it('renders hostile text as text, with only http(s) links', () => {
    const html = renderToStaticMarkup(
      <CommentsSection
        view={view([
          {
            comment: comment('c1', '<script>alert(1)</script>\n<img src=x onerror=alert(2)>', '<b>Eve</b>'),
            replies: [comment('c2', 'javascript:alert(3) and https://example.com/x"><script>')],
          },
        ])}
      />,
    );
    expect(html).not.toMatch(/<script|<img|<b>/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;<br/>&lt;img src=x onerror=alert(2)&gt;');
    expect(html).toContain('<bdi class="comment__author">&lt;b&gt;Eve&lt;/b&gt;</bdi>');
    const hrefs = [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]);
    // The address ends where the quote begins: nothing after it joins the link.
    expect(hrefs.filter((h) => !h!.startsWith('/'))).toEqual(['https://example.com/x']);
    expect(html).toContain('rel="nofollow ugc noopener noreferrer"');
    expect(html).toContain('<div class="comment__text" dir="auto">');
    // The reply sits in its thread; each thread has its reply form, posting to the post's comments.
    expect(html).toMatch(/id="comment-c1".*class="comments__replies".*id="comment-c2"/s);
    expect(html).toContain('name="parentId" value="c1"');
  });

  it('says how many, links older and newer pages, and keeps a closed post’s thread without forms', () => {
    const open = renderToStaticMarkup(
      <CommentsSection
        view={view([{ comment: comment('c1', 'hi'), replies: [] }], { count: 2, older: '/p/comments/2' })}
      />,
    );
    expect(open).toContain('2 comments');
    expect(open).toContain('href="/p/comments/2"');
    expect(open).toContain('action="/api/posts/post-1/comments"');
    expect(open).toContain('Comments are open to members');
    // The same page for everyone: the form waits behind the invitation, closed, for a member signed in already.
    expect(open).toMatch(
      /<details class="comment-form__signed-in"><summary>Signed in already\? Write your comment<\/summary>[^]*<textarea/,
    );

    const closed = renderToStaticMarkup(
      <CommentsSection view={view([{ comment: comment('c1', 'hi'), replies: [] }], { open: false })} />,
    );
    expect(closed).toContain('Comments are closed on this post.');
    expect(closed).toContain('id="comment-c1"');
    expect(closed).not.toContain('<form');
  });

  it('asks a visitor’s name when visitors may comment', () => {
    const html = renderToStaticMarkup(
      <CommentsSection view={view([], { settings: { visitorsMayComment: true, approval: 'visitors' } })} />,
    );
    expect(html).toContain('name="name"');
    expect(html).not.toContain('Comments are open to members');
    expect(html).toContain('No comments yet.');
  });

  it('shows each writer’s picture, else their initials on their name’s background, hidden from assistive technology', () => {
    const html = renderToStaticMarkup(
      <CommentsSection
        view={view([
          {
            comment: comment('c1', 'hi', 'Ada King Lovelace', '/media/ada.png'),
            replies: [comment('c2', 'hello', 'Bo Lee'), comment('c3', 'again', 'Bo Lee')],
          },
        ])}
      />,
    );
    // The picture: decorative, its name is the text beside it.
    expect(html).toMatch(
      /id="comment-c1"[^]*?<header class="comment__meta"><img class="comment__avatar" src="\/media\/ada.png" alt="" aria-hidden="true"[^>]*><bdi class="comment__author">Ada King Lovelace<\/bdi>/,
    );
    // No picture: the initials, on the same background for the same name.
    const initials = [
      ...html.matchAll(/<span class="comment__avatar comment__avatar--(\d)" aria-hidden="true">(\w+)<\/span>/g),
    ];
    expect(initials.map((m) => m[2])).toEqual(['BL', 'BL']);
    expect(initials[0]![1]).toBe(initials[1]![1]);
  });

  describe('where only members comment', () => {
    const thread = () =>
      renderToStaticMarkup(<CommentsSection view={view([{ comment: comment('c1', 'hi', 'Ada'), replies: [] }])} />);
    const replyOf = (html: string) => /<details class="comment__reply">[^]*?<\/details>\s*<\/li>/.exec(html)![0];
    const back = encodeURIComponent('/post/p#comment-c1');

    it('has a thread’s "Reply" invite a reader to sign in or join and come back to the thread, before any text box', () => {
      const reply = replyOf(thread());
      expect(reply).toContain(
        `To reply, <a href="/signin?notice=signin-to-comment&amp;next=${back}">sign in</a> or <a href="/join?next=${back}">join</a>.`,
      );
      // Without JavaScript no one knows who reads: the reply box waits behind "Signed in already?", for a member.
      const box = reply.indexOf('<textarea');
      expect(box).toBeGreaterThan(-1);
      expect(reply.slice(0, box)).toMatch(
        /<details class="comment-form__signed-in"><summary>Signed in already\? Write your reply<\/summary>[^]*$/,
      );
      expect(reply.slice(0, reply.indexOf('<details class="comment-form__signed-in">'))).not.toMatch(
        /<textarea|<button/,
      );
    });

    it('gives a reader known to be signed out (hydrated, no member cookie) the invitation alone: no text box', () => {
      browser.hydrated = true;
      vi.stubGlobal('document', { cookie: 'theme=dark' });
      try {
        const html = thread();
        expect(replyOf(html)).toMatch(
          /<summary>Reply<span class="visually-hidden"> to Ada<\/span><\/summary><p class="comment-form__who">To reply, <a href="\/signin\?[^"]+">sign in<\/a> or <a href="\/join\?[^"]+">join<\/a>\.<\/p><\/details>/,
        );
        expect(html).not.toContain('<textarea');
      } finally {
        browser.hydrated = false;
        vi.unstubAllGlobals();
      }
    });
  });

  it('offers a visitor the reply box itself where visitors may comment', () => {
    const html = renderToStaticMarkup(
      <CommentsSection
        view={view([{ comment: comment('c1', 'hi'), replies: [] }], {
          settings: { visitorsMayComment: true, approval: 'none' },
        })}
      />,
    );
    const reply = /<details class="comment__reply">[^]*?<\/details>/.exec(html)![0];
    expect(reply).toContain('<textarea');
    expect(reply).not.toMatch(/To reply|comment-form__signed-in/);
  });
});
