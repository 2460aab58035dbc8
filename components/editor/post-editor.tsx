'use client';

import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  call,
  type EditorPost,
  type EditorRoutes,
  type EditorSettings,
  type EditorTerms,
  type Kept,
  OWNER_ROUTES,
  WRITER_ROUTES,
  keptKey,
  settingsOf,
} from './api';
import { ScheduleField } from './schedule-field';
import { Settings } from './settings';
import { fromEditorDocument, toEditorDocument } from './document';
import { type BarAction, EditorBar, ReviewNote } from './editor-bar';
import { Notices } from './notices';
import { cleanPastedHtml } from './paste';
import { TermPicker } from './term-picker';
import { SlugAndExcerpt, TitleField } from './text-fields';
import { Toolbar } from './toolbar';
import { editorExtensions } from './extensions';
import { useTypedBeforeHydration } from '../use-typed-before-hydration';
import './editor.css';

// The owner's editor (/dashboard/posts/new, /dashboard/posts/{id}): Tiptap over ProseMirror, saving to the desk
// (app/api/owner/posts). A member the owner lets write gets it too (`writer`: /account/posts, app/api/writer): their
// text, slug, excerpt and terms, saved as their draft and submitted for review; publishing and the post's other
// settings are the owner's. A draft saves itself two seconds after the last keystroke; every keystroke is also kept in
// this browser (localStorage) until the server has it, so a closed tab or an expired session loses nothing: the
// editor offers the kept text back when the post is opened again. Every action says what it did (a live region).

export type { EditorPost, EditorTerms } from './api';

type Action = BarAction | 'schedule' | 'unschedule' | 'trash';
const AUTOSAVE_MS = 2000;

export function PostEditor({
  initial,
  terms,
  writer = false,
}: {
  initial: EditorPost | null;
  terms: EditorTerms;
  /** A member who writes for the owner's review, not the owner. */
  writer?: boolean;
}) {
  const routes: EditorRoutes = writer ? WRITER_ROUTES : OWNER_ROUTES;
  const [post, setPost] = useState<EditorPost | null>(initial);
  const [title, setTitle] = useState(initial?.title ?? '');
  const [slug, setSlug] = useState(initial?.slug ?? '');
  const [excerpt, setExcerpt] = useState(initial?.excerpt ?? '');
  const [categoryIds, setCategoryIds] = useState(initial?.categoryIds ?? []);
  const [tagIds, setTagIds] = useState(initial?.tagIds ?? []);
  const [settings, setSettings] = useState<EditorSettings>(settingsOf(initial));
  const [at, setAt] = useState('');
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [dirty, setDirty] = useState(false);
  /** Counts the body's changes: each one is kept in the browser and moves the autosave's pause. */
  const [revision, setRevision] = useState(0);
  const [kept, setKept] = useState<Kept | null>(null);
  const busy = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const form = useRef<HTMLFormElement>(null);

  // A title (or slug, excerpt) typed while the page loaded is the post's, not wiped by the first render.
  useTypedBeforeHydration(form, (typed) => {
    if (typed.title !== undefined) setTitle(typed.title.replace(/\n/g, ' '));
    if (typed.slug !== undefined) setSlug(typed.slug);
    if (typed.excerpt !== undefined) setExcerpt(typed.excerpt);
    setDirty(true);
  });

  const editor = useEditor({
    extensions: editorExtensions(),
    content: toEditorDocument(initial?.nodes ?? []),
    immediatelyRender: false,
    editorProps: {
      attributes: { class: 'editor__body', 'aria-label': 'Post body', role: 'textbox', 'aria-multiline': 'true' },
      // A word processor's lists and noise made clean blocks before the schema reads them (paste.ts).
      transformPastedHTML: cleanPastedHtml,
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
      ...settings,
      editedDate: post?.editedDate,
    }),
    [title, slug, excerpt, categoryIds, tagIds, settings, post],
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
        ? await call(`${routes.posts}/${encodeURIComponent(post.id)}`, 'PUT', body)
        : await call(routes.posts, 'POST', body);
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
      if (!post) history.replaceState(null, '', `${routes.editPage}/${encodeURIComponent(result.post.id)}`);
      return result.post;
    },
    [editor, post, snapshot, title, routes],
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
    const result = await call(`${routes.posts}/${encodeURIComponent(saved.id)}`, 'POST', {
      action,
      ...(action === 'schedule' && { at: at ? new Date(at).toISOString() : '' }),
    });
    if (action === 'trash' && writer && !result.message) return location.assign(routes.editPage);
    if (!result.post) return (setStatus(''), setError(result.message ?? 'Nothing changed.'));
    setError('');
    setPost(result.post);
    const said: Record<Action, string> = {
      publish: 'Published: the post is live.',
      unpublish: 'Unpublished: the post is a draft again; readers no longer see it.',
      schedule: `Scheduled for ${new Date(result.post.scheduledPublishDate ?? '').toLocaleString()}.`,
      unschedule: 'Unscheduled: the post is a draft again.',
      trash: 'Moved to the trash.',
      submit: 'Submitted for review: the owner publishes it, or sends it back with a note. You are told by e-mail.',
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
    setSettings(settingsOf(kept));
    editor.commands.setContent(toEditorDocument(kept.nodes));
    setKept(null);
    setDirty(true);
    setStatus('The text kept in this browser is back in the editor; it is not saved yet.');
  };

  /** What the toolbar and the settings say: a notice, or (error) an alert. */
  const say = (text: string, isError?: boolean) => (isError ? setError(text) : (setError(''), setStatus(text)));
  const live = post?.status === 'PUBLISHED';
  return (
    <form
      ref={form}
      className="editor"
      onSubmit={(e) => (e.preventDefault(), void save(false, live))}
      aria-label="Post editor"
    >
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
      <EditorBar post={post} dirty={dirty} writer={writer} act={(action) => void act(action)} />
      <Notices status={status} error={error} />
      <ReviewNote post={post} />
      <TitleField
        value={title}
        onChange={(value) => (setTitle(value), setDirty(true))}
        onEnter={() => editor?.commands.focus('start')}
      />
      <Toolbar editor={editor} setNotice={say} mediaUrl={routes.media} />
      <EditorContent editor={editor} />
      <details className="editor__settings">
        <summary>Post settings</summary>
        <SlugAndExcerpt
          slug={slug}
          excerpt={excerpt}
          onSlug={(value) => (setSlug(value), setDirty(true))}
          onExcerpt={(value) => (setExcerpt(value), setDirty(true))}
        />
        <TermPicker
          legend="Categories"
          terms={terms.categories.filter((t) => t.language === (post?.language ?? settings.language))}
          chosen={categoryIds}
          onChange={(ids) => (setCategoryIds(ids), setDirty(true))}
        />
        <TermPicker
          legend="Tags"
          terms={terms.tags.filter((t) => t.language === (post?.language ?? settings.language))}
          chosen={tagIds}
          onChange={(ids) => (setTagIds(ids), setDirty(true))}
        />
        {!writer && (
          <Settings
            value={settings}
            onChange={(change) => (setSettings((was) => ({ ...was, ...change })), setDirty(true))}
            plans={terms.plans}
            writers={terms.writers}
            made={post ? post.language : null}
            editor={editor}
            say={say}
          />
        )}
        {post && !live && !writer && (
          <ScheduleField
            scheduled={post.status === 'SCHEDULED'}
            at={at}
            setAt={setAt}
            act={(action) => void act(action)}
          />
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
