export interface HostedVideo {
  provider: 'YouTube' | 'Vimeo';
  /** Privacy-preserving player URL. */
  embedUrl: string;
  /** The public page of the video, for a plain link. */
  pageUrl: string;
}

const YOUTUBE_ID = /^[\w-]{11}$/;

/** YouTube and Vimeo URLs in their usual spellings, mapped to players that set no tracking cookies. */
export function hostedVideo(value: unknown): HostedVideo | null {
  if (typeof value !== 'string') return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www|m|music)\./, '');
  const parts = url.pathname.split('/').filter(Boolean);

  let youtube: string | undefined;
  if (host === 'youtu.be') youtube = parts[0];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (parts[0] === 'watch') youtube = url.searchParams.get('v') ?? undefined;
    else if (parts[0] === 'embed' || parts[0] === 'shorts' || parts[0] === 'live' || parts[0] === 'v')
      youtube = parts[1];
  }
  if (youtube && YOUTUBE_ID.test(youtube)) {
    return {
      provider: 'YouTube',
      embedUrl: `https://www.youtube-nocookie.com/embed/${youtube}`,
      pageUrl: `https://www.youtube.com/watch?v=${youtube}`,
    };
  }

  let vimeo: string | undefined;
  if (host === 'vimeo.com') vimeo = parts.find((p) => /^\d{1,12}$/.test(p));
  else if (host === 'player.vimeo.com' && parts[0] === 'video') vimeo = parts[1];
  if (vimeo && /^\d{1,12}$/.test(vimeo)) {
    return {
      provider: 'Vimeo',
      embedUrl: `https://player.vimeo.com/video/${vimeo}?dnt=1`,
      pageUrl: `https://vimeo.com/${vimeo}`,
    };
  }
  return null;
}
