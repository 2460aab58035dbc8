import { connection } from 'next/server';
import { jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { siteCaptcha } from '@/lib/members';

// GET: a new signed ALTCHA challenge for the sign-in page's captcha widget (components/members/captcha-field.tsx).
// Making one costs an HMAC; solving it costs the browser about half a second. Never cached: each is used once.

export const GET = jsonHandler(async () => {
  // A fresh challenge per request, never one prerendered at build.
  await connection();
  return Response.json(await siteCaptcha().challenge(), { headers: { 'Cache-Control': 'no-store' } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
