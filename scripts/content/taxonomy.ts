import { images } from './media';
import { uuidFrom } from './random';
import type { MediaFile } from './ricos/types';

// The blog's authors, categories and tags, shared by the demo content and the generator.

export const SITE_BASE = 'http://localhost:3000';
const CREATED = '2025-05-02T09:00:00.000Z';

export const authors = {
  maya: {
    id: uuidFrom('member:maya-okafor'),
    name: 'Maya Okafor',
    slug: 'maya-okafor',
    title: 'Performance engineer: loading, rendering and the numbers behind them',
    avatar: images.avatarMaya,
  },
  tomas: {
    id: uuidFrom('member:tomas-reyes'),
    name: 'Tomás Reyes',
    slug: 'tomas-reyes',
    title: 'Front-end lead: build tools, CI and what ships to the browser',
    avatar: images.avatarTomas,
  },
  priya: {
    id: uuidFrom('member:priya-natarajan'),
    name: 'Priya Natarajan',
    slug: 'priya-natarajan',
    title: 'Accessibility specialist and editor of the field notes',
    avatar: images.avatarPriya,
  },
} as const;
export type AuthorKey = keyof typeof authors;

/**
 * The writers as `authors.json` holds them: Wix `Member` objects in the REST shape of the PUBLIC fieldset (what
 * `GET /members/v1/members/{id}?fieldsets=PUBLIC` answers), with no e-mail, contact or status.
 */
export const authorsJson = () =>
  Object.values(authors).map(({ id, name, slug, title, avatar }) => ({
    id,
    profile: {
      nickname: name,
      slug,
      title,
      photo: { id: avatar.file, url: `/media/${avatar.file}`, width: avatar.width, height: avatar.height },
    },
  }));

interface CategoryInput {
  label: string;
  title: string;
  description: string;
  cover: MediaFile;
}

const categoryInputs = {
  performance: {
    label: 'Performance',
    title: 'Web performance: loading, rendering and responsiveness',
    description:
      'Core Web Vitals, loading strategy, images, fonts and the runtime cost of JavaScript, measured in the field.',
    cover: images.waves,
  },
  rendering: {
    label: 'Rendering',
    title: 'Server rendering, streaming and caching',
    description:
      'How pages are built and delivered: server components, streaming, hydration, edge functions and cache invalidation.',
    cover: images.circles,
  },
  tooling: {
    label: 'Tooling',
    title: 'Build tools, CI and monitoring',
    description: 'Bundlers, budgets, lab tests in CI and the real-user monitoring that keeps us honest.',
    cover: images.grid,
  },
  accessibility: {
    label: 'Accessibility',
    title: 'Accessibility in practice',
    description:
      'Keyboard support, screen readers, motion, contrast and alt text: the everyday work of pages that everyone can use.',
    cover: images.triangles,
  },
  'field-notes': {
    label: 'Field Notes',
    title: 'Field notes from the team',
    description: 'Postmortems, conference notes, year-end reviews and how a small team runs a fast site.',
    cover: images.sunset,
  },
} satisfies Record<string, CategoryInput>;
export type CategoryKey = keyof typeof categoryInputs;

export const tagLabels = {
  'core-web-vitals': 'Core Web Vitals',
  images: 'Images',
  caching: 'Caching',
  javascript: 'JavaScript',
  css: 'CSS',
  'web-fonts': 'Web fonts',
  react: 'React',
  http: 'HTTP',
  monitoring: 'Monitoring',
  edge: 'Edge',
  testing: 'Testing',
  postmortem: 'Postmortem',
} as const;
export type TagKey = keyof typeof tagLabels;

export const categoryKeys = Object.keys(categoryInputs) as CategoryKey[];
export const tagKeys = Object.keys(tagLabels) as TagKey[];

export const categoryId = (key: CategoryKey) => uuidFrom(`category:${key}`);
export const tagId = (key: TagKey) => uuidFrom(`tag:${key}`);

export const imageJson = (image: MediaFile) => ({
  id: image.file,
  url: `/media/${image.file}`,
  width: image.width,
  height: image.height,
  altText: image.alt,
});

export const categoriesJson = () =>
  categoryKeys.map((slug, index) => {
    const { label, title, description, cover } = categoryInputs[slug];
    return {
      id: categoryId(slug),
      label,
      slug,
      title,
      description,
      displayPosition: index,
      language: 'en',
      url: { base: SITE_BASE, path: `/categories/${slug}` },
      coverImage: imageJson(cover),
      createdDate: CREATED,
      updatedDate: '2026-06-01T10:00:00.000Z',
    };
  });

export const tagsJson = () =>
  tagKeys.map((slug, index) => ({
    id: tagId(slug),
    label: tagLabels[slug],
    slug,
    language: 'en',
    url: { base: SITE_BASE, path: `/tags/${slug}` },
    createdDate: new Date(Date.parse(CREATED) + index * 3_600_000).toISOString(),
    updatedDate: new Date(Date.parse(CREATED) + index * 3_600_000).toISOString(),
  }));
