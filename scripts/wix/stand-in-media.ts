import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { type Answer, type Call, type Json, notFound, readCursor, wixError } from './stand-in-shared';

// The stand-in's Media Manager: the files calls of @wix/media's `files` module (@wix/auto_sdk_media_files
// build/cjs/index.typings.d.ts), for the site's key only, and Wix's Upload API they lead to:
//
// - `generateFileUploadUrl(mimeType, { fileName, sizeInBytes, parentFolderId })` (POST
//   /site-media/v1/files/generate-upload-url) answers `{ uploadUrl }`: an address of the stand-in's own
//   (`/_stand-in/upload/<token>`), taken once. "The name that appears in the Media Manager is taken from the
//   `fileName` parameter" (or the upload's `filename` query, as Wix's Upload API takes it).
// - The upload: the file's bytes PUT to that address, answered with the file's descriptor, `{ file: FileDescriptor }`
//   (id, displayName, url, hash, sizeInBytes as a string, mediaType, media: an image's `{ image: { id, url, width,
//   height } }`, operationStatus READY, state OK). The ids and addresses are shaped as Wix's
//   (`<hash>_<random>~mv2.<ext>` for an image, under static.wixstatic.com/media/); the bytes are kept, not served.
// - `searchFiles({ search, rootFolder, mediaTypes, paging })` (POST /site-media/v1/files/search): "Free text to match
//   in searchable fields ... a file's `displayName`, `mimeType`, or `label`", in MEDIA_ROOT unless told (the trash
//   holds nothing here); `paging.limit` (at most 100), answered `{ files, nextCursor: { cursors: { next }, total } }`.

/** Where the upload addresses lead (the stand-in's own, answered before a body is read as JSON). */
export const UPLOAD_PATH = '/_stand-in/upload/';

const PAGE_MAX = 100;
const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/svg+xml': 'svg',
  'application/pdf': 'pdf',
  'video/mp4': 'mp4',
  'audio/mpeg': 'mp3',
};

const mediaTypeOf = (mimeType: string) =>
  mimeType === 'image/svg+xml'
    ? 'VECTOR'
    : mimeType.startsWith('image/')
      ? 'IMAGE'
      : mimeType.startsWith('video/')
        ? 'VIDEO'
        : mimeType.startsWith('audio/')
          ? 'AUDIO'
          : mimeType === 'application/pdf'
            ? 'DOCUMENT'
            : 'OTHER';

interface StoredFile {
  descriptor: Json & { id: string; displayName: string; mimeType: string; labels: string[] };
  bytes: Uint8Array;
}

export function createMedia() {
  const files = new Map<string, StoredFile>();
  /** Upload addresses given and not yet used: what generateFileUploadUrl was told. */
  const uploads = new Map<string, { mimeType: string; fileName?: string; parentFolderId?: string }>();

  /** A file's descriptor as Wix answers it (the bytes and the mime type are the stand-in's own). */
  const wire = ({ descriptor }: StoredFile) => {
    const { mimeType: _, ...rest } = descriptor;
    return rest;
  };

  /** The upload's PUT: the bytes stored as a new file, `{ file }` answered. */
  async function upload(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const token = url.pathname.slice(UPLOAD_PATH.length);
    const asked = uploads.get(token);
    if (request.method !== 'PUT' || !asked) {
      const answer = notFound('upload address');
      return Response.json(answer.body, { status: answer.status });
    }
    uploads.delete(token);
    const bytes = new Uint8Array(await request.arrayBuffer());
    const mimeType = asked.mimeType;
    const hash = createHash('sha256').update(bytes).digest('hex');
    const extension = EXTENSIONS[mimeType] ?? 'bin';
    const mediaType = mediaTypeOf(mimeType);
    const id =
      mediaType === 'IMAGE'
        ? `${hash.slice(0, 6)}_${randomBytes(16).toString('hex')}~mv2.${extension}`
        : `${hash.slice(0, 6)}_${randomBytes(16).toString('hex')}.${extension}`;
    const fileUrl = `https://static.wixstatic.com/media/${id}`;
    const size =
      mediaType === 'IMAGE'
        ? await sharp(bytes)
            .metadata()
            .then((m) => ({ width: m.width ?? 0, height: m.height ?? 0 }))
            .catch(() => ({ width: 0, height: 0 }))
        : undefined;
    const at = new Date().toISOString();
    const displayName = url.searchParams.get('filename') || asked.fileName || id;
    const stored: StoredFile = {
      bytes,
      descriptor: {
        id,
        displayName,
        url: fileUrl,
        parentFolderId: asked.parentFolderId ?? 'media-root',
        hash,
        sizeInBytes: String(bytes.length),
        private: false,
        mediaType,
        mimeType,
        ...(size && { media: { image: { image: { id, url: fileUrl, ...size }, colors: null } } }),
        operationStatus: 'READY',
        labels: [],
        createdDate: at,
        updatedDate: at,
        state: 'OK',
      },
    };
    files.set(id, stored);
    return Response.json({ file: wire(stored) });
  }

  function answer(call: Call): Answer | undefined {
    const { method, route, body } = call;
    if (!route.startsWith('/site-media/v1/files')) return undefined;
    if (call.caller.kind !== 'site') return wixError(403, 'FORBIDDEN', 'the Media Manager is the site’s');

    if (method === 'POST' && route === '/site-media/v1/files/generate-upload-url') {
      const mimeType = typeof body.mimeType === 'string' ? body.mimeType : '';
      if (!mimeType) return wixError(400, 'INVALID_ARGUMENT', 'mimeType is required');
      const token = randomBytes(12).toString('hex');
      uploads.set(token, {
        mimeType,
        ...(typeof body.fileName === 'string' && { fileName: body.fileName }),
        ...(typeof body.parentFolderId === 'string' && { parentFolderId: body.parentFolderId }),
      });
      return { status: 200, body: { uploadUrl: `${call.origin}${UPLOAD_PATH}${token}` } };
    }
    if (method === 'POST' && route === '/site-media/v1/files/search') {
      const paging = (body.paging ?? {}) as { limit?: number; cursor?: string };
      const limit = paging.limit ?? 50;
      if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_MAX)
        return wixError(400, 'INVALID_ARGUMENT', `paging.limit: 1–${PAGE_MAX}`);
      // A cursor stands for its search (the next page's request may send it alone).
      type Search = { search: string; types: string[]; root: string; offset: number };
      const read = paging.cursor ? readCursor<Search>(paging.cursor) : undefined;
      if (paging.cursor && !read) return wixError(400, 'INVALID_ARGUMENT', 'paging.cursor is not a cursor');
      const { search, types, root, offset } = read ?? {
        search: typeof body.search === 'string' ? body.search.toLowerCase() : '',
        types: (body.mediaTypes as string[] | undefined) ?? [],
        root: (body.rootFolder as string | undefined) ?? 'MEDIA_ROOT',
        offset: 0,
      };
      const list = [...files.values()].filter(
        ({ descriptor: d }) =>
          root === 'MEDIA_ROOT' &&
          (types.length === 0 || types.includes(String(d.mediaType))) &&
          (!search || [d.displayName, d.mimeType, ...d.labels].some((field) => field.toLowerCase().includes(search))),
      );
      const page = list.slice(offset, offset + limit);
      const state: Search = { search, types, root, offset: offset + limit };
      const next = state.offset < list.length ? Buffer.from(JSON.stringify(state)).toString('base64url') : null;
      return {
        status: 200,
        body: { files: page.map(wire), nextCursor: { total: list.length, cursors: next ? { next } : {} } },
      };
    }
    return undefined;
  }

  return {
    answer,
    upload,
    /** The files the Media Manager holds, as Wix describes them (and their bytes). */
    files: () => [...files.values()].map((f) => ({ ...wire(f), bytes: f.bytes })),
  };
}
