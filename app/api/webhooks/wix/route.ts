import { jsonHandler, otherMethods } from '@/lib/api/respond';
import { handleWixWebhook } from '@/lib/webhooks/handle';

export const POST = jsonHandler(handleWixWebhook);

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
