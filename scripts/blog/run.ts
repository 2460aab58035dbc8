import type { Command } from './args';
import type { ContentFolder } from './content-folder';
import {
  createPost,
  deletePost,
  likePost,
  publishPost,
  schedulePost,
  unpublishPost,
  unschedulePost,
  updatePost,
  type Change,
  type SiteContext,
} from './posts';
import { createTerm, deleteTerm, updateTerm } from './taxonomy';

export function runCommand(
  folder: ContentFolder,
  command: Exclude<Command, { name: 'help' }>,
  site: SiteContext,
): Promise<Change> {
  const { siteUrl } = site;
  switch (command.name) {
    case 'create':
      return createPost(folder, command.post, { draft: command.draft, siteUrl });
    case 'update':
      return updatePost(folder, command.ref, command.post, site);
    case 'publish':
      return publishPost(folder, command.ref);
    case 'unpublish':
      return unpublishPost(folder, command.ref);
    case 'schedule':
      return schedulePost(folder, command.ref, command.at);
    case 'unschedule':
      return unschedulePost(folder, command.ref);
    case 'delete':
      return deletePost(folder, command.ref);
    case 'like':
    case 'unlike':
      return likePost(folder, command.ref, command.name === 'like' ? 'liked' : 'unliked');
    case 'term-create':
      return createTerm(folder, command.kind, command.term, siteUrl);
    case 'term-update':
      return updateTerm(folder, command.kind, command.ref, command.term);
    case 'term-delete':
      return deleteTerm(folder, command.kind, command.ref);
  }
}
