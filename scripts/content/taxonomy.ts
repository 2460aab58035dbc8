import { images } from './media';
import { uuidFrom } from '@/lib/core/random';
import type { MediaFile } from '@/lib/core/ricos/types';

// The blog's authors, categories and tags, shared by the demo content and the generator.

export const SITE_BASE = 'http://localhost:3000';
const CREATED = '2025-05-02T09:00:00.000Z';
/** When the Spanish categories and tags were added, before the first Spanish post. */
const TRANSLATED = '2025-05-20T09:00:00.000Z';

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

/** The languages of the demo blog: English, the main one, and Spanish. */
export const languages = ['en', 'es'] as const;
export type Language = (typeof languages)[number];
export const MAIN_LANGUAGE = 'en' satisfies Language;
/** The other languages, each with its own categories and tags (translations of the English ones). */
type Translated = Exclude<Language, typeof MAIN_LANGUAGE>;

interface CategoryText {
  label: string;
  title: string;
  description: string;
}

interface CategoryInput extends CategoryText {
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

/**
 * The categories in the other languages, by the key of the English category each translates: its own label, slug
 * (unique within its language; it may equal a slug of another language), title and description, the same cover.
 */
const categoryTranslations: Record<Translated, Record<CategoryKey, CategoryText & { slug: string }>> = {
  es: {
    performance: {
      label: 'Rendimiento',
      slug: 'rendimiento',
      title: 'Rendimiento web: carga, renderizado y capacidad de respuesta',
      description:
        'Métricas web esenciales, estrategia de carga, imágenes, fuentes y el coste de JavaScript en tiempo de ejecución, medidos con usuarios reales.',
    },
    rendering: {
      label: 'Renderizado',
      slug: 'renderizado',
      title: 'Renderizado en el servidor, streaming y caché',
      description:
        'Cómo se construyen y se entregan las páginas: componentes de servidor, streaming, hidratación, funciones en el edge e invalidación de la caché.',
    },
    tooling: {
      label: 'Herramientas',
      slug: 'herramientas',
      title: 'Herramientas de compilación, CI y monitorización',
      description:
        'Empaquetadores, presupuestos, pruebas de laboratorio en CI y la monitorización de usuarios reales que nos mantiene honestos.',
    },
    accessibility: {
      label: 'Accesibilidad',
      slug: 'accesibilidad',
      title: 'Accesibilidad en la práctica',
      description:
        'Teclado, lectores de pantalla, movimiento, contraste y texto alternativo: el trabajo diario de hacer páginas que todo el mundo pueda usar.',
    },
    'field-notes': {
      label: 'Notas de campo',
      slug: 'notas-de-campo',
      title: 'Notas de campo del equipo',
      description:
        'Análisis post mortem, notas de conferencias, resúmenes del año y cómo un equipo pequeño mantiene rápido un sitio.',
    },
  },
};

/** The tags in the other languages, by the key of the English tag each translates. */
const tagTranslations: Record<Translated, Record<TagKey, { label: string; slug: string }>> = {
  es: {
    'core-web-vitals': { label: 'Métricas web esenciales', slug: 'metricas-web-esenciales' },
    images: { label: 'Imágenes', slug: 'imagenes' },
    caching: { label: 'Caché', slug: 'cache' },
    javascript: { label: 'JavaScript', slug: 'javascript' },
    css: { label: 'CSS', slug: 'css' },
    'web-fonts': { label: 'Fuentes web', slug: 'fuentes-web' },
    react: { label: 'React', slug: 'react' },
    http: { label: 'HTTP', slug: 'http' },
    monitoring: { label: 'Monitorización', slug: 'monitorizacion' },
    edge: { label: 'Edge', slug: 'edge' },
    testing: { label: 'Pruebas', slug: 'pruebas' },
    postmortem: { label: 'Post mortem', slug: 'post-mortem' },
  },
};

export const categoryKeys = Object.keys(categoryInputs) as CategoryKey[];
export const tagKeys = Object.keys(tagLabels) as TagKey[];

/** A category's id in a language; the English ids are those the demo always had. */
export const categoryIdIn = (key: CategoryKey, language: Language) =>
  uuidFrom(language === MAIN_LANGUAGE ? `category:${key}` : `category:${language}:${key}`);
export const tagIdIn = (key: TagKey, language: Language) =>
  uuidFrom(language === MAIN_LANGUAGE ? `tag:${key}` : `tag:${language}:${key}`);
/** The English category's (or tag's) id; one argument, so that `keys.map(categoryId)` stays right. */
export const categoryId = (key: CategoryKey) => categoryIdIn(key, MAIN_LANGUAGE);
export const tagId = (key: TagKey) => tagIdIn(key, MAIN_LANGUAGE);
/** The `translationId` all the translations of one category (or tag) share. */
const categoryTranslationId = (key: CategoryKey) => uuidFrom(`category-translation:${key}`);
const tagTranslationId = (key: TagKey) => uuidFrom(`tag-translation:${key}`);

/** A page's path in a language: the English pages are unprefixed, the others under `/<language>`. */
const localPath = (language: Language, path: string) => (language === MAIN_LANGUAGE ? path : `/${language}${path}`);

export const imageJson = (image: MediaFile) => ({
  id: image.file,
  url: `/media/${image.file}`,
  width: image.width,
  height: image.height,
  altText: image.alt,
});

const categoryText = (key: CategoryKey, language: Language) =>
  language === MAIN_LANGUAGE ? { ...categoryInputs[key], slug: key } : categoryTranslations[language][key];

/** Every category, English first then each translation, as Wix Blog holds them (one per language). */
export const categoriesJson = () =>
  languages.flatMap((language) =>
    categoryKeys.map((key, index) => {
      const { label, slug, title, description } = categoryText(key, language);
      return {
        id: categoryIdIn(key, language),
        label,
        slug,
        title,
        description,
        displayPosition: index,
        language,
        translationId: categoryTranslationId(key),
        url: { base: SITE_BASE, path: localPath(language, `/categories/${slug}`) },
        coverImage: imageJson(categoryInputs[key].cover),
        createdDate: language === MAIN_LANGUAGE ? CREATED : TRANSLATED,
        updatedDate: '2026-06-01T10:00:00.000Z',
      };
    }),
  );

const tagText = (key: TagKey, language: Language) =>
  language === MAIN_LANGUAGE ? { label: tagLabels[key], slug: key } : tagTranslations[language][key];

/** Every tag, English first then each translation, as Wix Blog holds them (one per language). */
export const tagsJson = () =>
  languages.flatMap((language) =>
    tagKeys.map((key, index) => {
      const { label, slug } = tagText(key, language);
      const created = new Date(
        Date.parse(language === MAIN_LANGUAGE ? CREATED : TRANSLATED) + index * 3_600_000,
      ).toISOString();
      return {
        id: tagIdIn(key, language),
        label,
        slug,
        language,
        translationId: tagTranslationId(key),
        url: { base: SITE_BASE, path: localPath(language, `/tags/${slug}`) },
        createdDate: created,
        updatedDate: created,
      };
    }),
  );
