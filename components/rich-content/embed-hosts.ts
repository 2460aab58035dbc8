// The embed frames whose size is known from their provider (issue 47): the widgets of a fixed height (Spotify,
// SoundCloud) and the posts that say their height to the page (X, Instagram). Only a frame the content already
// names is recognised: nothing here turns a post's link or its provider's script into a frame.

export interface EmbedHost {
  provider: 'X' | 'Instagram' | 'Spotify' | 'SoundCloud';
  /** The frame's URL: for X and Instagram rebuilt from the post's id, the frame the content named otherwise. */
  embedUrl: string;
  /** The provider's height for the frame, when the content's data gives none (X and Instagram say it later). */
  height?: number;
  /**
   * The origin the frame posts its height from (X's `twttr.embed` resize, Instagram's `MEASURE`), for
   * `fitted-frame.tsx` to fit it. Such a frame keeps its own origin (the players' sandbox), so the origin can be
   * checked: which is why its URL is rebuilt, never passed through.
   */
  origin?: string;
}

const SPOTIFY_TYPES = /^(?:track|album|playlist|artist|show|episode|audiobook|chapter)$/;

/** The provider's own frame `value` points at (X, Instagram, Spotify, SoundCloud), or null. */
export function embedHost(value: unknown): EmbedHost | null {
  if (typeof value !== 'string') return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);

  if (host === 'platform.twitter.com' && parts[0] === 'embed' && parts[1] === 'Tweet.html' && parts.length === 2) {
    const id = url.searchParams.get('id');
    if (!id || !/^\d{1,20}$/.test(id)) return null;
    return {
      provider: 'X',
      embedUrl: `https://platform.twitter.com/embed/Tweet.html?id=${id}&dnt=true`,
      origin: 'https://platform.twitter.com',
    };
  }

  if (host === 'www.instagram.com' || host === 'instagram.com') {
    const [kind, code, embed, captioned] = parts;
    if (
      (kind === 'p' || kind === 'reel' || kind === 'tv') &&
      code &&
      /^[\w-]{5,40}$/.test(code) &&
      embed === 'embed' &&
      parts.length <= (captioned === 'captioned' ? 4 : 3)
    ) {
      return {
        provider: 'Instagram',
        embedUrl: `https://www.instagram.com/${kind}/${code}/embed/${captioned ? 'captioned/' : ''}`,
        origin: 'https://www.instagram.com',
      };
    }
    return null;
  }

  if (host === 'open.spotify.com') {
    const rest = parts[0]?.startsWith('intl-') ? parts.slice(1) : parts;
    const type = rest[0] === 'embed' ? rest[1] : undefined;
    if (!type || !SPOTIFY_TYPES.test(type)) return null;
    // Spotify's two sizes: the compact player for one track or episode, the list for the rest.
    return { provider: 'Spotify', embedUrl: url.href, height: type === 'track' || type === 'episode' ? 152 : 352 };
  }

  if (host === 'w.soundcloud.com' && parts[0] === 'player') {
    return { provider: 'SoundCloud', embedUrl: url.href, height: 166 };
  }
  return null;
}
