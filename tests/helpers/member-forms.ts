import { expect } from 'vitest';

// The members' form routes as a browser without JavaScript posts to them: a urlencoded form from this site's origin,
// from a client address the test moves on, with the cookies of a jar; and each answer checked for what must never be
// in it (any secret seen so far, in the body or the Location) before its cookies go into the jar.

export type Jar = Map<string, string>;

export function memberForms(site: string, secrets: Set<string>) {
  let client = 0;
  return {
    /** Counts the next requests against a new client address (a new rate-limit budget). */
    nextClient: () => {
      client += 1;
    },

    post(route: string, fields: Record<string, string>, jar: Jar = new Map(), headers: Record<string, string> = {}) {
      const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      return new Request(`${site}/api/members/${route}`, {
        method: 'POST',
        body: new URLSearchParams(fields).toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: site,
          'x-forwarded-for': `203.0.113.${client}`,
          ...(cookie ? { cookie } : {}),
          ...headers,
        },
      });
    },

    /** The answer's Location and cookies, after checking it holds no secret; the cookies go into the jar. */
    async land(response: Response, jar: Jar = new Map()) {
      expect(response.status).toBe(303);
      const location = response.headers.get('location')!;
      const body = await response.text();
      for (const secret of secrets) {
        expect(location).not.toContain(secret);
        expect(body).not.toContain(secret);
      }
      const cookies = response.headers.getSetCookie();
      for (const raw of cookies) {
        const [pair] = raw.split(';');
        const [name, value] = pair!.split('=');
        if (value) {
          jar.set(name!, value);
          secrets.add(value);
        } else jar.delete(name!);
      }
      return { location, cookies, jar };
    },
  };
}
