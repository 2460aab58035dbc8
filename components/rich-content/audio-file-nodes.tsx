import type { ReactNode } from 'react';
import { isMediaFileUrl, resolveMediaFile } from '@/lib/blog/view';
import { anchorId, type NodeProps } from './context';
import { nodeData, numish, rec, str, text } from './fields';
import { Img } from './image';
import { Figure } from './media-nodes';
import { safeHref } from './safe-href';
import { containerProps } from './style';
import { defined } from './compact';

// Ricos' AUDIO and FILE nodes: a player (or a link where the source is a page, not a file) under its cover and
// caption, and a file to download with its kind and size.

export function Audio({ node, ctx }: NodeProps) {
  const data = nodeData(node, 'audioData');
  const name = text(data.name);
  const author = text(data.authorName);
  const url = resolveMediaFile(rec(data.audio).src);
  const label = [name, author].filter(Boolean).join(' — ');
  let player: ReactNode;
  if (url && isMediaFileUrl(url)) {
    player = (
      <audio className="rc-audio-el" controls preload="metadata" src={url} title={label || undefined}>
        <a href={url}>{label || 'Download the audio'}</a>
      </audio>
    );
  } else if (url && safeHref(url)) {
    player = (
      <a className="rc-link" href={safeHref(url)!} target="_blank" rel="noopener noreferrer">
        {label || url}
      </a>
    );
  } else return null;
  return (
    <Figure
      node={node}
      ctx={ctx}
      container={containerProps(data.containerData, 'rc-audio')}
      caption={label || undefined}
    >
      {Img({ media: data.coverImage, alt: '', className: 'rc-audio-cover', displayWidth: 160 })}
      {player}
    </Figure>
  );
}

const formatSize = (kb: number) => (kb >= 1024 ? `${(kb / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(kb))} KB`);

export function FileNode({ node, ctx }: NodeProps) {
  const data = nodeData(node, 'fileData');
  const src = rec(data.src);
  const name = text(data.name) ?? 'File';
  const kind = str(data.type)?.replace(/[^\w]/g, '').slice(0, 10).toUpperCase();
  const kb = numish(data.sizeInKb) ?? (numish(data.size) !== undefined ? numish(data.size)! / 1024 : undefined);
  const url = src.private === true ? null : resolveMediaFile(src);
  const href = url ? safeHref(url) : null;
  const meta = [kind, kb !== undefined && kb > 0 ? formatSize(kb) : undefined].filter(Boolean).join(' · ');
  const body = (
    <>
      <span className="rc-file-name">{name}</span>
      {meta && <span className="rc-file-meta">{meta}</span>}
    </>
  );
  const container = containerProps(data.containerData, 'rc-file');
  return (
    <div
      {...defined({ id: anchorId(node, ctx) })}
      className={container.className}
      {...defined({ style: container.style })}
    >
      {href ? (
        <a className="rc-file-link" href={href} download={str(data.name) ? name : true} rel="noopener">
          {body}
        </a>
      ) : (
        <span className="rc-file-link">{body}</span>
      )}
    </div>
  );
}
