import { directiveReader, mediaField } from '@/lib/core/ricos/directives';
import type { MediaFile } from '@/lib/core/ricos/types';
import { gifFile, images, shapeFile } from '../media';

// The demo's ```ricos:<kind> blocks (README.md here): the site's reader of them (lib/core/ricos/directives.ts), whose
// media blocks name the files of content/media that scripts/content/media.ts lists, with their sizes and alt text.

const MEDIA_FILES = new Map<string, MediaFile>(
  [...Object.values(images), shapeFile].map((media) => [`/media/${media.file}`, media]),
);

const LISTED = 'content/media (scripts/content/media.ts)';

/** A file of content/media by its URL, `/media/<file>`. */
export const mediaFile = (url: string): MediaFile | undefined => MEDIA_FILES.get(url);

/** The nodes of one of the demo's ```ricos:<kind> blocks. */
export const demoDirective = directiveReader({ file: mediaFile, gif: gifFile, listed: LISTED });

/** A `/media/<file>` URL of content/media as the file it names. */
export const Media = mediaField({ file: mediaFile, listed: LISTED });
