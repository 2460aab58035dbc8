import { ContentFolder as Folder } from '@/lib/blog/tools';
import { UsageError } from './errors';

// The content folder as the CLI, the benches and the browser tests use it: lib/blog/local/folder.ts, the one writer
// of its layout, with bad input refused as the CLI's usage error (exit status 2).

export { isPublished, RawPost, RawTerm, type TermKind } from '@/lib/blog/tools';

export class ContentFolder extends Folder {
  constructor(dir: string) {
    super(dir, (message) => new UsageError(message));
  }
}
