'use client';

import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RichNode } from '@/lib/blog/types';
import { fromEditorDocument, randomNodeId, toEditorDocument } from './document';
import { editorExtensions } from './extensions';
import './editor.css';

// The owner's editor (/dashboard/posts/new, /dashboard/posts/{id}): Tiptap over ProseMirror, saving to the desk
// (app/api/owner/posts). A draft saves itself two seconds after the last keystroke; every keystroke is also kept in
// this browser (localStorage) until the server has it, so a closed tab or an expired session loses nothing: the
// editor offers the kept text back when the post is opened again. Every action says what it did (a live region).

export interface EditorPost {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  status: 'PUBLISHED' | 'UNPUBLISHED' | 'SCHEDULED';
  nodes: RichNode[];
  language: string;
  categoryIds: string[];
  tagIds: string[];
  featured: boolean;
  pinned: boolean;
  scheduledPublishDate: string | null;
  editedDate: string;
  hasUnpublishedChanges: boolean;
  url: string | null;
}

/** The categories and tags a post may take. */
export interface EditorTerms {
  categories: Term[];
  tags: Term[];
}
interface Term {
  id: string;
  label: string;
  language: string;
}

type Action = 'publish' | 'unpublish' | 'schedule' | 'unschedule' | 'trash';
const AUTOSAVE_MS = 2000;
const keptKey = (id: string | null) => `wix-blog.editor.${id ?? 'new'}`;

interface Kept {
  title: string;
  slug: string;
  excerpt: string;
  nodes: RichNode[];
  categoryIds: string[];
  tagIds: string[];
  featured: boolean;
  pinned: boolean;
  editedDate?: string;
}

async function call(url: string, method: string, body: unknown): Promise<{ post?: EditorPost; message?: string }> {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
  const json = (await response.json().catch(() => ({}))) as { post?: EditorPost; error?: { message?: string } };
  if (response.ok) return { post: json.post };
  if (response.status === 401) return { message: 'Your session has ended: sign in again in another tab, then save.' };
  return { message: json.error?.message ?? `The server answered ${response.status}.` };
}

export function PostEditor({ initial, terms }: { initial: EditorPost | null; terms: EditorTerms }) {
  const [post, setPost] = useState<EditorPost | null>(initial);
  const [title, setTitle] = useState(initial?.title ?? '');
  const [slug, setSlug] = useState(initial?.slug ?? '');
  const [excerpt, setExcerpt] = useState(initial?.excerpt ?? '');
  const [categoryIds, setCategoryIds] = useState(initial?.categoryIds ?? []);
  const [tagIds, setTagIds] = useState(initial?.tagIds ?? []);
  const [featured, setFeatured] = useState(initial?.featured ?? false);
  const [pinned, setPinned] = useState(initial?.pinned ?? false);
  const [at, setAt] = useState('');
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [dirty, setDirty] = useState(false);
  /** Counts the body's changes: each one is kept in the browser and moves the autosave's pause. */
  const [revision, setRevision] = useState(0);
  const [kept, setKept] = useState<Kept | null>(null);
  const busy = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const editor = useEditor({
    extensions: editorExtensions(),
    content: toEditorDocument(initial?.nodes ?? []),
    immediatelyRender: false,
    editorProps: {
      attributes: { class: 'editor__body', 'aria-label': 'Post body', role: 'textbox', 'aria-multiline': 'true' },
    },
    onUpdate: () => (setDirty(true), setRevision((n) => n + 1)),
  });

  const snapshot = useCallback(
    (ed: Editor | null): Kept => ({
      title,
      slug,
      excerpt,
      nodes: ed ? fromEditorDocument(ed.getJSON() as never) : (post?.nodes ?? []),
      categoryIds,
      tagIds,
      featured,
      pinned,
      editedDate: post?.editedDate,
    }),
    [title, slug, excerpt, categoryIds, tagIds, featured, pinned, post],
  );

  // What a closed tab left in this browser, newer than the server's copy: offered back, never applied unasked.
  useEffect(() => {
    const raw = localStorage.getItem(keptKey(initial?.id ?? null));
    if (!raw) return;
    try {
      const value = JSON.parse(raw) as Kept;
      // Browser storage exists only after hydration: read once mounted, as an external system.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      if (value.editedDate === initial?.editedDate || !initial) setKept(value);
    } catch {
      localStorage.removeItem(keptKey(initial?.id ?? null));
    }
  }, [initial]);

  // Every change kept in the browser at once.
  useEffect(() => {
    if (!dirty || !editor) return;
    localStorage.setItem(keptKey(post?.id ?? null), JSON.stringify(snapshot(editor)));
  }, [dirty, editor, snapshot, post, revision]);

  const save = useCallback(
    /** `publish`: a published post's edits go live ("Update"); without it they are kept for it, unseen. */
    async (quiet = false, publish = false): Promise<EditorPost | null> => {
      if (!editor || busy.current) return null;
      if (!title.trim()) {
        if (!quiet) setError('A post needs a title before it can be saved.');
        return null;
      }
      busy.current = true;
      const body = { ...snapshot(editor), ...(publish && { publish: true }) };
      const result = post
        ? await call(`/api/owner/posts/${encodeURIComponent(post.id)}`, 'PUT', body)
        : await call('/api/owner/posts', 'POST', body);
      busy.current = false;
      if (!result.post) {
        // No success left showing beside the failure.
        setStatus('');
        setError(result.message ?? 'Not saved.');
        return null;
      }
      localStorage.removeItem(keptKey(post?.id ?? null));
      setPost(result.post);
      setSlug(result.post.slug);
      setDirty(false);
      setError('');
      setStatus(
        result.post.status !== 'PUBLISHED'
          ? 'Draft saved.'
          : publish
            ? 'Updated: readers see this version.'
            : 'Changes saved. Readers see them when you update.',
      );
      if (!post) history.replaceState(null, '', `/dashboard/posts/${encodeURIComponent(result.post.id)}`);
      return result.post;
    },
    [editor, post, snapshot, title],
  );

  // Edits save themselves after a pause: a draft's, and a published post's as its unpublished changes.
  useEffect(() => {
    if (!dirty) return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(true), AUTOSAVE_MS);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [dirty, post, save, revision]);

  const act = async (action: Action) => {
    const saved = dirty || !post ? await save() : post;
    if (!saved) return;
    if (action === 'trash' && !confirm('Move this post to the trash? It can be restored from the trash.')) return;
    const result = await call(`/api/owner/posts/${encodeURIComponent(saved.id)}`, 'POST', {
      action,
      ...(action === 'schedule' && { at: at ? new Date(at).toISOString() : '' }),
    });
    if (!result.post) return (setStatus(''), setError(result.message ?? 'Nothing changed.'));
    setError('');
    setPost(result.post);
    const said: Record<Action, string> = {
      publish: 'Published: the post is live.',
      unpublish: 'Unpublished: the post is a draft again; readers no longer see it.',
      schedule: `Scheduled for ${new Date(result.post.scheduledPublishDate ?? '').toLocaleString()}.`,
      unschedule: 'Unscheduled: the post is a draft again.',
      trash: 'Moved to the trash.',
    };
    setStatus(said[action]);
  };

  const restoreKept = () => {
    if (!kept || !editor) return;
    setTitle(kept.title);
    setSlug(kept.slug);
    setExcerpt(kept.excerpt);
    setCategoryIds(kept.categoryIds ?? []);
    setTagIds(kept.tagIds ?? []);
    setFeatured(kept.featured ?? false);
    setPinned(kept.pinned ?? false);
    editor.commands.setContent(toEditorDocument(kept.nodes));
    setKept(null);
    setDirty(true);
    setStatus('The text kept in this browser is back in the editor; it is not saved yet.');
  };

  const live = post?.status === 'PUBLISHED';
  return (
    <form className="editor" onSubmit={(e) => (e.preventDefault(), void save(false, live))} aria-label="Post editor">
      {kept && (
        <p className="notice" role="alert">
          This browser kept edits that were not saved.{' '}
          <button type="button" onClick={restoreKept}>
            Restore them
          </button>{' '}
          <button type="button" onClick={() => (localStorage.removeItem(keptKey(post?.id ?? null)), setKept(null))}>
            Discard
          </button>
        </p>
      )}
      <div className="editor__bar">
        <span className="editor__state">
          {post ? (live ? 'Published' : post.status === 'SCHEDULED' ? 'Scheduled' : 'Draft') : 'New draft'}
          {dirty ? ' · unsaved changes' : live && post?.hasUnpublishedChanges ? ' · changes not yet published' : ''}
        </span>
        <button type="submit">{live ? 'Update' : 'Save draft'}</button>
        {live ? (
          <button type="button" onClick={() => void act('unpublish')}>
            Unpublish
          </button>
        ) : (
          <button type="button" onClick={() => void act('publish')}>
            Publish
          </button>
        )}
        {post?.url && (
          <a href={post.url} target="_blank" rel="noopener">
            View post
          </a>
        )}
        {post && !live && (
          <a href={`/dashboard/drafts/${encodeURIComponent(post.id)}`} target="_blank" rel="noopener">
            Preview
          </a>
        )}
      </div>
      <p className="editor__status" role="status" aria-live="polite">
        {status}
      </p>
      {error && (
        <p className="notice" role="alert">
          {error}
        </p>
      )}
      <label className="editor__title">
        <span className="visually-hidden">Title</span>
        <textarea
          name="title"
          rows={1}
          value={title}
          onChange={(e) => (setTitle(e.target.value.replace(/\n/g, ' ')), setDirty(true))}
          // Enter goes on to the body, as in Ghost's editor: a title is one line.
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              editor?.commands.focus('start');
            }
          }}
          placeholder="Post title"
          maxLength={200}
          required
        />
      </label>
      <Toolbar
        editor={editor}
        setNotice={(text, isError) => (isError ? setError(text) : (setError(''), setStatus(text)))}
      />
      <EditorContent editor={editor} />
      <details className="editor__settings">
        <summary>Post settings</summary>
        <label>
          Slug
          <input
            name="slug"
            value={slug}
            onChange={(e) => (setSlug(e.target.value), setDirty(true))}
            pattern="[a-z0-9]+(-[a-z0-9]+)*"
            maxLength={100}
          />
        </label>
        <label>
          Excerpt
          <textarea
            name="excerpt"
            value={excerpt}
            onChange={(e) => (setExcerpt(e.target.value), setDirty(true))}
            maxLength={500}
          />
        </label>
        <TermPicker
          legend="Categories"
          terms={terms.categories.filter((t) => t.language === (post?.language ?? 'en'))}
          chosen={categoryIds}
          onChange={(ids) => (setCategoryIds(ids), setDirty(true))}
        />
        <TermPicker
          legend="Tags"
          terms={terms.tags.filter((t) => t.language === (post?.language ?? 'en'))}
          chosen={tagIds}
          onChange={(ids) => (setTagIds(ids), setDirty(true))}
        />
        <label className="editor__check">
          <input type="checkbox" checked={featured} onChange={(e) => (setFeatured(e.target.checked), setDirty(true))} />
          Featured
        </label>
        <label className="editor__check">
          <input type="checkbox" checked={pinned} onChange={(e) => (setPinned(e.target.checked), setDirty(true))} />
          Pinned to the top of the feed
        </label>
        {post && !live && (
          <fieldset>
            <legend>Schedule</legend>
            {post.status === 'SCHEDULED' ? (
              <button type="button" onClick={() => void act('unschedule')}>
                Unschedule
              </button>
            ) : (
              <>
                <label>
                  Publish at (your time zone)
                  <input type="datetime-local" name="at" value={at} onChange={(e) => setAt(e.target.value)} />
                </label>
                <button type="button" onClick={() => void act('schedule')}>
                  Schedule
                </button>
              </>
            )}
          </fieldset>
        )}
        {post && (
          <button type="button" className="editor__danger" onClick={() => void act('trash')}>
            Move to trash
          </button>
        )}
      </details>
    </form>
  );
}

/**
 * Asks for an image file, uploads it (app/api/owner/media) and its description, and inserts it as the site stores an
 * image: a Ricos IMAGE node (its file, size and alt text; a caption when one is given).
 */
function upload(editor: Editor, say: (text: string, error?: boolean) => void) {
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = 'image/png,image/jpeg,image/webp,image/gif,image/avif';
  input.addEventListener('change', async () => {
    const file = input.files?.[0];
    if (!file) return;
    say(`Uploading ${file.name}…`);
    const response = await fetch('/api/owner/media', {
      method: 'POST',
      body: file,
      headers: { 'content-type': file.type },
    });
    const json = (await response.json().catch(() => ({}))) as {
      media?: { url: string; width: number; height: number };
      error?: { message?: string };
    };
    if (!json.media) return say(json.error?.message ?? `The upload failed (${response.status}).`, true);
    const alt = prompt('Describe the image for readers who cannot see it (its alt text)', '') ?? '';
    const caption = prompt('A caption under the image (optional)', '') ?? '';
    const node = {
      type: 'IMAGE',
      id: randomNodeId(),
      nodes: caption
        ? [
            {
              type: 'CAPTION',
              id: randomNodeId(),
              nodes: [{ type: 'TEXT', id: '', nodes: [], textData: { text: caption, decorations: [] } }],
              captionData: { textStyle: { textAlignment: 'CENTER' } },
            },
          ]
        : [],
      imageData: {
        containerData: { alignment: 'CENTER', width: { size: 'CONTENT' }, textWrap: true },
        image: { src: { url: json.media.url }, width: json.media.width, height: json.media.height },
        altText: alt,
      },
    };
    editor.chain().focus().insertContent({ type: 'ricosBlock', attrs: { node } }).run();
    say(`Image added: ${file.name}.`);
  });
  input.click();
}

/** A post's categories or tags: a checkbox each, in a group named by its legend. */
function TermPicker(props: { legend: string; terms: Term[]; chosen: string[]; onChange: (ids: string[]) => void }) {
  const { legend, terms, chosen, onChange } = props;
  if (terms.length === 0) return null;
  return (
    <fieldset className="editor__terms">
      <legend>{legend}</legend>
      {terms.map((term) => (
        <label key={term.id} className="editor__check">
          <input
            type="checkbox"
            checked={chosen.includes(term.id)}
            onChange={(e) => onChange(e.target.checked ? [...chosen, term.id] : chosen.filter((id) => id !== term.id))}
          />
          {term.label}
        </label>
      ))}
    </fieldset>
  );
}

/** The formatting buttons: each a toggle with its pressed state, and the keyboard shortcut in its title. */
function Toolbar({ editor, setNotice }: { editor: Editor | null; setNotice: (text: string, error?: boolean) => void }) {
  const [, redraw] = useState(0);
  useEffect(() => {
    if (!editor) return;
    const update = () => redraw((n) => n + 1);
    editor.on('transaction', update);
    return () => void editor.off('transaction', update);
  }, [editor]);
  if (!editor) return null;
  const chain = () => editor.chain().focus();
  const buttons: [string, string, boolean, () => void][] = [
    ['B', 'Bold (Ctrl+B)', editor.isActive('bold'), () => chain().toggleBold().run()],
    ['I', 'Italic (Ctrl+I)', editor.isActive('italic'), () => chain().toggleItalic().run()],
    ['U', 'Underline (Ctrl+U)', editor.isActive('underline'), () => chain().toggleUnderline().run()],
    ['S', 'Strikethrough (Ctrl+Shift+S)', editor.isActive('strike'), () => chain().toggleStrike().run()],
    ['</>', 'Code (Ctrl+E)', editor.isActive('code'), () => chain().toggleCode().run()],
    ['H2', 'Heading (## )', editor.isActive('heading', { level: 2 }), () => chain().toggleHeading({ level: 2 }).run()],
    [
      'H3',
      'Subheading (### )',
      editor.isActive('heading', { level: 3 }),
      () => chain().toggleHeading({ level: 3 }).run(),
    ],
    ['•', 'Bulleted list (- )', editor.isActive('bulletList'), () => chain().toggleBulletList().run()],
    ['1.', 'Numbered list (1. )', editor.isActive('orderedList'), () => chain().toggleOrderedList().run()],
    ['“', 'Quote (> )', editor.isActive('blockquote'), () => chain().toggleBlockquote().run()],
    ['{ }', 'Code block (```)', editor.isActive('codeBlock'), () => chain().toggleCodeBlock().run()],
    ['—', 'Divider (---)', false, () => chain().setHorizontalRule().run()],
    [
      '▦',
      'Table',
      editor.isActive('table'),
      () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
    ],
  ];
  const image = () => upload(editor, setNotice);
  const link = () => {
    const previous = (editor.getAttributes('link').href as string | undefined) ?? '';
    const href = prompt('Link address (empty to remove the link)', previous);
    if (href === null) return;
    if (href === '') chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href }).run();
  };
  return (
    <div className="editor__toolbar" role="toolbar" aria-label="Formatting">
      {buttons.map(([label, name, pressed, run]) => (
        <button key={name} type="button" title={name} aria-label={name} aria-pressed={pressed} onClick={run}>
          {label}
        </button>
      ))}
      <button type="button" title="Image (upload)" aria-label="Image" onClick={image}>
        Image
      </button>
      <button
        type="button"
        title="Link (Ctrl+K)"
        aria-label="Link"
        aria-pressed={editor.isActive('link')}
        onClick={link}
      >
        Link
      </button>
    </div>
  );
}
