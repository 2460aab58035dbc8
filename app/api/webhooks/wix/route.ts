import { jsonHandler } from '@/lib/api/respond';
import { handleWixWebhook } from '@/lib/webhooks/handle';

export const POST = jsonHandler(handleWixWebhook);
