import type { MarkdownStats } from './ricos-to-markdown';

// The export's README.md: what each file is, for the owner and for whoever imports it elsewhere.

interface ReadmeInput {
  title: string;
  siteUrl: string;
  generated: string;
  counts: {
    posts: number;
    published: number;
    drafts: number;
    scheduled: number;
    languages: Record<string, number>;
    categories: number;
    tags: number;
    media: number;
    members: number;
    subscribers: number;
  };
  stats: MarkdownStats;
  warnings: string[];
}

const list = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ') || 'none';

export function readmeText({ title, siteUrl, generated, counts, stats, warnings }: ReadmeInput): string {
  const languages = list(counts.languages);
  return `# ${title}: the whole blog, exported

Exported from ${siteUrl} at ${generated}: ${counts.posts} posts (${counts.published} published, ${counts.drafts} drafts,
${counts.scheduled} scheduled; by language: ${languages}), ${counts.categories} categories, ${counts.tags} tags,
${counts.media} media files, ${counts.members} members and ${counts.subscribers} newsletter subscribers.

| File | What it is |
| --- | --- |
| \`posts/<slug>.md\` | One post per file (\`<slug>.<language>.md\` when two languages share a slug): YAML front matter, then the body as Markdown (CommonMark and GitHub's tables, task lists and strikethrough). |
| \`media/\` | Every image and file the posts use (covers, pictures, galleries, downloads), copied from the site's media folder. The posts name them \`/media/<file>\`: this folder's \`media/\`, served at the root of a static site. |
| \`wordpress.xml\` | A WordPress export (WXR 1.2): WordPress's Tools → Import → WordPress reads it, as do the migration tools that take a WordPress export (Ghost's among them). Posts as HTML with their dates, status, categories, tags and writer; pinned posts sticky; each media file an attachment, downloaded from ${siteUrl}/media/ (upload \`media/\` first if the site is gone). Each post also carries its original rich content (Wix Ricos JSON) in the \`_wix_ricos\` meta, for an importer that reads it to take the post back exactly. |
| \`members.csv\` | The site's members, in the columns of Ghost's member import (\`email\`, \`name\`, \`note\`, \`subscribed_to_emails\`, \`complimentary_plan\`, \`stripe_customer_id\`, \`created_at\`, \`deleted_at\`, \`labels\`): subscribed when their address is a confirmed newsletter subscriber, complimentary when they hold one of the site's plans (named in \`labels\`). No passwords, codes or sessions. |
| \`subscribers.csv\` | The newsletter's addresses, in the same columns: \`subscribed_to_emails\` is true for confirmed ones only; pending, unsubscribed and bounced addresses are kept, said so in \`labels\` and \`note\`. Any platform that imports a list by its \`email\` column takes it. |

## The posts' front matter

\`title\`, \`slug\`, \`date\` (first publication, UTC; a scheduled post's time to go out; a draft's creation), \`updated\`,
\`status\` (\`published\`, \`draft\`, \`scheduled\`; a draft also \`draft: true\`), \`excerpt\`, \`seoTitle\` and \`seoDescription\`,
\`keywords\`, \`tags\` and \`categories\` (their slugs), \`hashtags\`, \`author\` (the writer's name), \`cover\`,
\`coverAlt\`, \`coverWidth\` and \`coverHeight\`, \`firstPublishedDate\` and \`lastPublishedDate\` (a draft or scheduled
post that was published before), \`language\`, \`translationOf\` (the slug of the post it translates), \`pinned\`, \`featured\`, \`plans\` and
\`planIds\` (the paid plans that open it, when any), \`commentingEnabled\` (when off), \`id\` (its id on the old site)
and \`url\` (its address there).

## The bodies

Markdown for what Markdown has: paragraphs, bold, italic, ~~struck~~ text, code, links, headings (\`## Title {#id}\`: the
id links and the table of contents use), lists, task lists, quotes, code blocks with their language, tables (a
\`Table: \` line under one is its description), images (\`![alt](/media/file.png "caption")\`) and rules. Text styles
Markdown has no syntax for are links to \`ricos:\` (\`[text](ricos:underline+color=#D62828)\`); blocks it has none for are
fenced blocks: \`\` \`\`\`ricos:<kind> \`\` (a gallery, a video, a poll, a button...: ${list(stats.directives)}) and, for a block
only the original editor's format holds, \`\` \`\`\`ricos:node \`\` with the block as JSON (${list(stats.json)}). Any Markdown
viewer shows them as code; this blog's Markdown reader (lib/core/ricos/markdown.ts) reads them back.
${warnings.length ? `\n## Warnings\n\n${warnings.map((warning) => `- ${warning}`).join('\n')}\n` : ''}`;
}
