import type { RichNode } from '@/lib/blog/types';

// The editor's side of the desk's API (app/api/owner/posts): the post as the editor holds it, and the one call every
// save and action makes, its failures put in the owner's words.

export interface EditorPost {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  status: 'PUBLISHED' | 'UNPUBLISHED' | 'SCHEDULED' | 'IN_REVIEW';
  nodes: RichNode[];
  language: string;
  categoryIds: string[];
  tagIds: string[];
  featured: boolean;
  pinned: boolean;
  coverImage: { url: string; width: number; height: number; altText: string } | null;
  memberId: string | null;
  hashtags: string[];
  seoTitle: string;
  seoDescription: string;
  pricingPlanIds: string[];
  previewBlocks: number | null;
  scheduledPublishDate: string | null;
  editedDate: string;
  hasUnpublishedChanges: boolean;
  url: string | null;
  /** A writer's post: its review (submitted, approved or sent back with the owner's note). */
  review: {
    submittedBy: string;
    submittedDate: string;
    status: 'IN_REVIEW' | 'APPROVED' | 'REJECTED';
    moderationDate: string | null;
    note: string | null;
  } | null;
}

/** The categories and tags a post may take, and the plans it may be given (none where plans cannot be read). */
export interface EditorTerms {
  categories: Term[];
  tags: Term[];
  /** The writers a post may name (none at Wix). */
  writers?: { id: string; name: string }[] | null;
  plans?: { id: string; name: string }[];
}

/** The settings beside the body that the editor holds as one (settings.tsx). */
export type EditorSettings = Pick<
  EditorPost,
  | 'featured'
  | 'pinned'
  | 'coverImage'
  | 'memberId'
  | 'hashtags'
  | 'seoTitle'
  | 'seoDescription'
  | 'pricingPlanIds'
  | 'previewBlocks'
  | 'language'
> & {
  /** A new post's original, when it is a translation: an id or slug (empty: none). */
  translationOf: string;
};

/** The settings (a new post's include the post it translates: an id or slug, empty when none). */
export const settingsOf = (post: Partial<EditorSettings> | null | undefined): EditorSettings => ({
  language: post?.language ?? 'en',
  translationOf: post?.translationOf ?? '',
  featured: post?.featured ?? false,
  pinned: post?.pinned ?? false,
  coverImage: post?.coverImage ?? null,
  memberId: post?.memberId ?? null,
  hashtags: post?.hashtags ?? [],
  seoTitle: post?.seoTitle ?? '',
  seoDescription: post?.seoDescription ?? '',
  pricingPlanIds: post?.pricingPlanIds ?? [],
  previewBlocks: post?.previewBlocks ?? null,
});
export interface Term {
  id: string;
  label: string;
  language: string;
}

/** Where an editor sends its posts and uploads, and where a post it made is edited: the owner's, or a writer's. */
export interface EditorRoutes {
  posts: string;
  media: string;
  editPage: string;
}

export const OWNER_ROUTES: EditorRoutes = {
  posts: '/api/owner/posts',
  media: '/api/owner/media',
  editPage: '/dashboard/posts',
};

/** A member the owner lets write (app/api/writer): their own drafts, submitted for review. */
export const WRITER_ROUTES: EditorRoutes = {
  posts: '/api/writer/posts',
  media: '/api/writer/media',
  editPage: '/account/posts',
};

/** A JSON call to the desk; a failure's message as the owner should read it. */
export async function call(
  url: string,
  method: string,
  body: unknown,
): Promise<{ post?: EditorPost; message?: string }> {
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

/** Where this browser keeps a post's unsaved edits (a new post's under `new`) until the server has them. */
export const keptKey = (id: string | null) => `wix-blog.editor.${id ?? 'new'}`;

/** The edits kept in the browser: what a save sends. */
export interface Kept {
  title: string;
  slug: string;
  excerpt: string;
  nodes: RichNode[];
  categoryIds: string[];
  tagIds: string[];
  featured: boolean;
  pinned: boolean;
  /** Absent in what an older editor kept. */
  coverImage?: EditorPost['coverImage'];
  memberId?: string | null;
  language?: string;
  translationOf?: string;
  hashtags?: string[];
  seoTitle?: string;
  seoDescription?: string;
  pricingPlanIds?: string[];
  previewBlocks?: number | null;
  editedDate?: string;
}

/** An image file the owner picked, uploaded (app/api/owner/media): where the site keeps it, and its size. */
export interface Uploaded {
  name: string;
  url: string;
  width: number;
  height: number;
}

/** Uploads one image file (app/api/owner/media); null when the server refused it (then `say` has said why). */
async function uploadImage(
  file: File,
  say: (text: string, error?: boolean) => void,
  mediaUrl: string,
): Promise<Uploaded | null> {
  say(`Uploading ${file.name}…`);
  const response = await fetch(mediaUrl, {
    method: 'POST',
    body: file,
    headers: { 'content-type': file.type },
  });
  const json = (await response.json().catch(() => ({}))) as {
    media?: { url: string; width: number; height: number };
    error?: { message?: string };
  };
  if (!json.media) {
    say(json.error?.message ?? `The upload of ${file.name} failed (${response.status}).`, true);
    return null;
  }
  return { name: file.name, ...json.media };
}

/**
 * Asks for image files (one, or several with `multiple`) and uploads each; answers those the server took (none when
 * nothing was picked; `say` has said why a file was refused). Used by the toolbar's Image and Gallery and the cover.
 */
export function pickImages(
  say: (text: string, error?: boolean) => void,
  multiple = false,
  mediaUrl = OWNER_ROUTES.media,
): Promise<Uploaded[]> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.multiple = multiple;
    input.accept = 'image/png,image/jpeg,image/webp,image/gif,image/avif';
    input.addEventListener('cancel', () => resolve([]));
    input.addEventListener('change', async () => {
      const uploaded: Uploaded[] = [];
      for (const file of input.files ?? []) {
        const image = await uploadImage(file, say, mediaUrl);
        if (image) uploaded.push(image);
      }
      resolve(uploaded);
    });
    input.click();
  });
}

/** One image file, picked and uploaded; null when none was (see pickImages). */
export const pickImage = async (
  say: (text: string, error?: boolean) => void,
  mediaUrl = OWNER_ROUTES.media,
): Promise<Uploaded | null> => (await pickImages(say, false, mediaUrl))[0] ?? null;
