'use client';

import type { Editor } from '@tiptap/react';
import { useEffect, useState } from 'react';
import { OWNER_ROUTES, pickImage, pickImages } from './api';
import { randomNodeId } from './document';
import { hostedVideo } from '@/components/rich-content/video-hosts';

// The editor's formatting toolbar, and the image upload its Image button starts.

/** What a toolbar action says: a notice, or (error) an alert. */
export type Say = (text: string, error?: boolean) => void;

/**
 * Inserts a block the editor keeps whole (a Ricos node): after the block that is selected (an image just added is),
 * never in its place; else where the cursor is.
 */
function insertBlock(editor: Editor, node: object) {
  const { selection } = editor.state;
  const content = { type: 'ricosBlock', attrs: { node } };
  if ('node' in selection) editor.chain().focus().insertContentAt(selection.to, content).run();
  else editor.chain().focus().insertContent(content).run();
}

/**
 * Asks for an image file, uploads it (app/api/owner/media) and its description, and inserts it as the site stores an
 * image: a Ricos IMAGE node (its file, size and alt text; a caption when one is given).
 */
async function upload(editor: Editor, say: Say, mediaUrl: string) {
  const media = await pickImage(say, mediaUrl);
  if (!media) return;
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
      image: { src: { url: media.url }, width: media.width, height: media.height },
      altText: alt,
    },
  };
  insertBlock(editor, node);
  say(`Image added: ${media.name}.`);
}

/**
 * Asks for several image files, uploads them and each one's description, and inserts them as one Ricos GALLERY node (a
 * grid of three columns, as the renderer shows it).
 */
async function gallery(editor: Editor, say: Say, mediaUrl: string) {
  const images = await pickImages(say, true, mediaUrl);
  if (images.length === 0) return;
  const items = images.map((image) => ({
    image: { media: { src: { url: image.url }, width: image.width, height: image.height } },
    altText: prompt(`Describe ${image.name} for readers who cannot see it (its alt text)`, '') ?? '',
  }));
  insertBlock(editor, {
    type: 'GALLERY',
    id: randomNodeId(),
    nodes: [],
    galleryData: {
      containerData: { alignment: 'CENTER', width: { size: 'CONTENT' }, textWrap: true },
      items,
      options: { layout: { type: 'GRID', numberOfColumns: 3 } },
    },
  });
  say(`Gallery added: ${images.length} image${images.length === 1 ? '' : 's'}.`);
}

/** A video file's address the page can play itself (a <video>): http(s), ending in a format browsers play. */
const VIDEO_FILE = /^https?:\/\/[^\s]+\.(?:mp4|webm|ogv|mov)(?:[?#][^\s]*)?$/i;

/**
 * Asks for a video's address and inserts it as the site stores one: a Ricos VIDEO node. YouTube and Vimeo play in
 * their privacy players on the page (components/rich-content/video-hosts.ts), a file in the page's own player.
 */
function video(editor: Editor, say: Say) {
  const url = prompt('The video’s address: a YouTube or Vimeo page, or a video file (https://…mp4)', '')?.trim();
  if (!url) return;
  const hosted = hostedVideo(url);
  if (!hosted && !VIDEO_FILE.test(url))
    return say('That is not a video address: paste a YouTube or Vimeo page, or a video file’s (https://…mp4).', true);
  const title = prompt('A title under the video (optional)', '') ?? '';
  const node = {
    type: 'VIDEO',
    id: randomNodeId(),
    nodes: [],
    videoData: {
      containerData: { alignment: 'CENTER', width: { size: 'CONTENT' }, textWrap: true },
      video: { src: { url: hosted?.pageUrl ?? url } },
      ...(title && { title }),
    },
  };
  insertBlock(editor, node);
  say(`Video added${hosted ? ` from ${hosted.provider}` : ''}.`);
}

export /** The formatting buttons: each a toggle with its pressed state, and the keyboard shortcut in its title. */
function Toolbar({
  editor,
  setNotice,
  mediaUrl = OWNER_ROUTES.media,
}: {
  editor: Editor | null;
  setNotice: Say;
  /** Where its images are uploaded (the owner's route, or a writer's). */
  mediaUrl?: string;
}) {
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
  const image = () => void upload(editor, setNotice, mediaUrl);
  const addVideo = () => video(editor, setNotice);
  const addGallery = () => void gallery(editor, setNotice, mediaUrl);
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
      <button type="button" title="Gallery (several images, uploaded)" aria-label="Gallery" onClick={addGallery}>
        Gallery
      </button>
      <button
        type="button"
        title="Video (YouTube, Vimeo or a file, by its address)"
        aria-label="Video"
        onClick={addVideo}
      >
        Video
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
