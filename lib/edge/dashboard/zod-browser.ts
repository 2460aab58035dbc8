import { z } from 'zod';

// In the browser zod must not compile parsers with `new Function`: the owner pages' CSP has no
// 'unsafe-eval', and even zod's feature probe is reported as a violation. Must run before any schema
// is built, so modules that build schemas for the browser import this first.
if (typeof window !== 'undefined') z.config({ jitless: true });
