import { CatalogueError, errors } from '@/lib/core/errors';

// Webhook rejections in the catalogue's shape. WDE0027 is the platform's "permission denied";
// a malformed envelope is WDE0004, as for any request body that is not the expected object.

export const webhookErrors = {
  unauthorized: (message: string) => new CatalogueError(401, 'WDE0027', message),
  malformed: (message: string) => new CatalogueError(400, 'WDE0004', message),
  unconfigured: (message: string) => new CatalogueError(503, 'WDE0053', message),
  tooLarge: (maxBytes: number) => errors.payloadTooLarge(`webhook body is larger than ${maxBytes / 1024} KiB`),
} as const;
