import { images } from '../media';
import { code, h, ol, p, quote } from '../ricos/blocks';
import { bold } from '../ricos/text';
import type { PostDef } from './types';

export const translatedPosts: PostDef[] = [
  {
    slug: 'que-mide-realmente-el-lcp',
    translationOf: 'what-lcp-actually-measures',
    language: 'es',
    title: 'Qué mide realmente el LCP (y qué no)',
    excerpt: 'Largest Contentful Paint es la métrica que todos citan y pocos han leído. Qué cronometra de verdad el navegador y tres maneras en que nos engañamos.',
    date: '2025-06-03T08:30:00.000Z',
    author: 'maya',
    categories: ['performance'],
    tags: ['core-web-vitals', 'images'],
    hashtags: ['lcp', 'corewebvitals'],
    image: images.bars,
    metrics: [2140, 163, 6],
    body: [
      p('Todas nuestras conversaciones sobre rendimiento acaban en el mismo número: el *Largest Contentful Paint*, o LCP. Es la métrica de Core Web Vitals que representa «cuándo parecía lista la página». Aun así, cuando preguntamos en el equipo, nadie sabía decir qué elemento elige el navegador ni cuándo deja de buscar.'),
      h(2, 'La definición corta'),
      p('El LCP es el tiempo desde el inicio de la navegación hasta que se pinta **el bloque de imagen o de texto más grande visible en la ventana**. «Más grande» significa el área que ocupa en pantalla, no el peso del archivo.'),
      p('El navegador mantiene un candidato y emite una entrada nueva cada vez que se pinta algo mayor. Deja de informar cuando el usuario interactúa por primera vez con la página o cuando la página pasa a segundo plano.'),
      h(2, 'Tres maneras en que nos engañamos'),
      ol(
        [bold('Probar con la caché caliente.'), ' En local las imágenes ya estaban en caché; los visitantes reales esperaban la descarga completa.'],
        [bold('Medir otro elemento.'), ' En móvil, el elemento más grande era el titular, no la imagen.'],
        [bold('Olvidar las redirecciones.'), ' El reloj empieza con la navegación, así que cada redirección consume presupuesto.'],
      ),
      quote('El LCP no es «cuándo se cargó la imagen», sino «cuándo se pintó lo más grande de la pantalla».'),
      h(2, 'Compruébalo tú mismo'),
      code(`new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) console.log(Math.round(entry.startTime), entry.element);
}).observe({ type: 'largest-contentful-paint', buffered: true });`),
      p('Este artículo es una traducción del original en inglés.'),
    ],
  },
];
