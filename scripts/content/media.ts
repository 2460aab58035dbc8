import type { MediaFile } from '@/lib/core/ricos/types';

// Every file in content/media/, with the sizes the posts record. scripts/content/make-images.ts draws them.

export const images = {
  waves: { file: 'hero-waves.png', width: 1200, height: 630, alt: 'Layered blue waves over a dark gradient' },
  grid: { file: 'hero-grid.png', width: 1200, height: 630, alt: 'A grid of coloured tiles in blues and greens' },
  circles: { file: 'hero-circles.png', width: 1200, height: 630, alt: 'Concentric rings spreading from the left edge' },
  stripes: { file: 'hero-stripes.png', width: 1200, height: 630, alt: 'Diagonal stripes in warm colours' },
  bars: { file: 'hero-bars.png', width: 1200, height: 630, alt: 'A bar chart with bars of rising and falling height' },
  sunset: {
    file: 'hero-sunset.png',
    width: 1200,
    height: 630,
    alt: 'A flat illustration of a sun setting behind hills',
  },
  triangles: { file: 'hero-triangles.png', width: 1200, height: 630, alt: 'A mosaic of triangles in muted greens' },
  dots: { file: 'hero-dots.png', width: 1200, height: 630, alt: 'A field of dots that grow towards the centre' },
  mosaic: { file: 'square-mosaic.png', width: 800, height: 800, alt: 'Nested squares in three shades of orange' },
  blocks: {
    file: 'square-blocks.png',
    width: 800,
    height: 800,
    alt: 'Coloured rectangles divided by thick black lines',
  },
  waterfall: {
    file: 'diagram-waterfall.png',
    width: 1000,
    height: 560,
    alt: 'A network waterfall: one row per request, split into DNS, connect, wait and download',
  },
  poster: {
    file: 'video-poster.png',
    width: 1280,
    height: 720,
    alt: 'A browser window showing a loaded page: a header, a heading, lines of text, a sunset picture and a button',
  },
  editor: {
    file: 'hero-editor-blocks.png',
    width: 1200,
    height: 630,
    alt: 'A page built from editor blocks: a heading, text, an image, a table, a quote, a button, a checklist and code',
  },
  eventLoop: {
    file: 'poster-event-loop.png',
    width: 1280,
    height: 720,
    alt: 'The event loop as a ring split into tasks, microtasks and rendering, with a dot on its way round',
  },
  // The writers' pictures (content/authors.json): shown at 36–64 px, drawn at 96 for sharp screens.
  avatarMaya: { file: 'avatar-maya-okafor.png', width: 96, height: 96, alt: 'Rings in teal and sand' },
  avatarTomas: { file: 'avatar-tomas-reyes.png', width: 96, height: 96, alt: 'Diagonal bands in coral and navy' },
  avatarPriya: { file: 'avatar-priya-natarajan.png', width: 96, height: 96, alt: 'Four quarters in plum and gold' },
} as const satisfies Record<string, MediaFile>;

export type ImageKey = keyof typeof images;

/** The images wide enough to head a post. */
export const heroImages: readonly MediaFile[] = [
  images.waves,
  images.grid,
  images.circles,
  images.stripes,
  images.bars,
  images.sunset,
  images.triangles,
  images.dots,
];

export const shapeFile: MediaFile = { file: 'wave-shape.svg', width: 400, height: 120, alt: 'A wave-shaped divider' };
export const chimeFile = { file: 'release-chime.wav', seconds: 2 } as const;
export const budgetFile = { file: 'performance-budget.csv' } as const;

/** The demo video (H.264 in MP4, drawn by scripts/content/animations.ts); `images.poster` is its last frame. */
export const videoFile = {
  file: 'page-load.mp4',
  width: 320,
  height: 180,
  title: 'A page loading: first paint, then text, then the largest image',
} as const;

/** The demo GIF and a still of its first frame. */
export const gifFile = { file: 'confetti.gif', still: 'confetti-still.png', width: 320, height: 180 } as const;
