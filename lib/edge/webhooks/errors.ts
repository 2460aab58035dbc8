import { CatalogueError, errors } from '@/lib/core/errors';

// Webhook rejections in the catalogue's shape. WDE0027 is the platform's "permission denied". A validly signed
// envelope the site cannot read is not refused (handle.ts): Wix would resend it for days.

export const webhookErrors = {
  unauthorized: (message: string) => new CatalogueError(401, 'WDE0027', message),
  unconfigured: (message: string) => new CatalogueError(503, 'WDE0053', message),
  tooLarge: (maxBytes: number) => errors.payloadTooLarge(`webhook body is larger than ${maxBytes / 1024} KiB`),
} as const;
