import { jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { handleWixWebhook } from '@/lib/edge/webhooks/handle';

export const POST = jsonHandler(handleWixWebhook);

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
