import { benchQueryEngine } from './query-engine';
import { benchPageJs } from './page-js';

// `npm run bench`: every benchmark that needs no running site. Each prints its own figures.
await benchQueryEngine();
await benchPageJs();
