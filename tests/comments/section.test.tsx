import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CommentsSection } from '@/components/comments/comments-section';
import type { CommentView, CommentsView } from '@/lib/comments/view';
import { commentParagraphs } from '@/lib/comments/text';

// The thread as every reader gets it (static HTML): what a reader wrote is text and http(s) links only, names and
// texts are isolated from the text around them, and a closed post keeps its thread but offers no form.

const comment = (id: string, text: string, name = 'Ada'): CommentView => ({
  id,
  memberId: 'member-1',
  authorName: name,
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
  signinHref: '/signin?notice=signin-to-comment',
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
});
