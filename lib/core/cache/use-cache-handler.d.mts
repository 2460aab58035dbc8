// Types for the app's imports of use-cache-handler.mjs (Next loads it itself, by its path in next.config.mjs). Loading
// it registers the function that clears tags outside a request (lib/core/cache/clear.ts).
declare const handler: object;
export default handler;
