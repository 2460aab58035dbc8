import type { MediaFile } from './ricos/types';

// Every file in content/media/, with the sizes the posts record. scripts/content/make-images.ts draws them.

export const images = {
  waves: { file: 'hero-waves.png', width: 1200, height: 630, alt: 'Layered blue waves over a dark gradient' },
  grid: { file: 'hero-grid.png', width: 1200, height: 630, alt: 'A grid of coloured tiles in blues and greens' },
  circles: { file: 'hero-circles.png', width: 1200, height: 630, alt: 'Concentric rings spreading from the left edge' },
  stripes: { file: 'hero-stripes.png', width: 1200, height: 630, alt: 'Diagonal stripes in warm colours' },
  bars: { file: 'hero-bars.png', width: 1200, height: 630, alt: 'A bar chart with bars of rising and falling height' },
  sunset: { file: 'hero-sunset.png', width: 1200, height: 630, alt: 'A flat illustration of a sun setting behind hills' },
  triangles: { file: 'hero-triangles.png', width: 1200, height: 630, alt: 'A mosaic of triangles in muted greens' },
  dots: { file: 'hero-dots.png', width: 1200, height: 630, alt: 'A field of dots that grow towards the centre' },
  mosaic: { file: 'square-mosaic.png', width: 800, height: 800, alt: 'Nested squares in three shades of orange' },
  blocks: { file: 'square-blocks.png', width: 800, height: 800, alt: 'Coloured rectangles divided by thick black lines' },
  waterfall: { file: 'diagram-waterfall.png', width: 1000, height: 560, alt: 'A network waterfall: one row per request, split into DNS, connect, wait and download' },
  poster: { file: 'video-poster.png', width: 1280, height: 720, alt: 'A play button over a dark blue gradient' },
} as const satisfies Record<string, MediaFile>;

export type ImageKey = keyof typeof images;

/** The images wide enough to head a post. */
export const heroImages: readonly MediaFile[] = [images.waves, images.grid, images.circles, images.stripes, images.bars, images.sunset, images.triangles, images.dots];

export const shapeFile: MediaFile = { file: 'wave-shape.svg', width: 400, height: 120, alt: 'A wave-shaped divider' };
export const chimeFile = { file: 'release-chime.wav', seconds: 2 } as const;
export const budgetFile = { file: 'performance-budget.csv' } as const;
