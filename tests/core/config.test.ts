import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, config, readConfig, resetConfig } from '@/lib/core/config';

afterEach(() => vi.unstubAllEnvs());

describe('readConfig', () => {
  it('runs on the embedded defaults with no variable set', () => {
    expect(readConfig({})).toMatchObject({
      source: 'local',
      contentDir: 'content',
      siteUrl: 'http://localhost:3000',
      https: false,
      owner: { status: 'disabled' },
      trustProxyHops: 0,
      sessionSecret: undefined,
      development: false,
    });
  });

  it('treats a blank variable as unset and trims values (but never the password)', () => {
    const c = readConfig({ BLOG_CONTENT_DIR: '  ', SITE_URL: ' https://blog.example/ ', WIX_CLIENT_ID: ' ' });
    expect(c).toMatchObject({ source: 'local', contentDir: 'content', siteUrl: 'https://blog.example', https: true });
    const owner = readConfig({ OWNER_PASSWORD: ' pass word ', SESSION_SECRET: ` ${'s'.repeat(32)} ` }).owner;
    expect(owner).toEqual({ status: 'ready', password: ' pass word ', secret: 's'.repeat(32) });
  });

  it('chooses Wix when Wix credentials are set, and names what a half configuration misses', () => {
    expect(readConfig({ WIX_CLIENT_ID: 'c' })).toMatchObject({ source: 'wix', wix: { clientId: 'c' } });
    expect(readConfig({ WIX_API_KEY: 'k', WIX_SITE_ID: 's' })).toMatchObject({ source: 'wix' });
    expect(readConfig({ WIX_CLIENT_ID: 'c', BLOG_SOURCE: 'local' }).source).toBe('local');
    expect(() => readConfig({ WIX_API_KEY: 'k' })).toThrow(/^WIX_SITE_ID is required/);
    expect(() => readConfig({ WIX_SITE_ID: 's' })).toThrow(/^WIX_API_KEY is required/);
    expect(() => readConfig({ WIX_SITE_ID: 's', WIX_CLIENT_ID: 'c' })).toThrow(/^WIX_API_KEY is required/);
    expect(() => readConfig({ BLOG_SOURCE: 'wix' })).toThrow(/^BLOG_SOURCE=wix needs WIX_CLIENT_ID/);
    for (const base of ['ftp://wix.test', 'wix.test', 'http://wix.test/?a=1', 'http://wix.test/#x']) {
      expect(() => readConfig({ WIX_CLIENT_ID: 'c', WIX_API_BASE_URL: base }), base).toThrow(
        /^WIX_API_BASE_URL must be/,
      );
    }
    expect(readConfig({ WIX_CLIENT_ID: 'c', WIX_API_BASE_URL: 'http://127.0.0.1:9/' }).wix.apiBaseUrl).toBe(
      'http://127.0.0.1:9/',
    );
  });

  it('refuses a bad value with a ConfigError naming the variable', () => {
    for (const [name, value] of [
      ['BLOG_SOURCE', 'ftp'],
      ['SITE_URL', 'blog.example'],
      ['SITE_URL', 'javascript:alert(1)'],
      ['TRUST_PROXY_HOPS', 'two'],
    ]) {
      let thrown: unknown;
      try {
        readConfig({ [name!]: value });
      } catch (error) {
        thrown = error;
      }
      expect(thrown, `${name}=${value}`).toBeInstanceOf(ConfigError);
      expect((thrown as Error).message, `${name}=${value}`).toMatch(new RegExp(`^${name} is invalid`));
    }
  });

  it('names a malformed URL that may hold a password without repeating it', () => {
    for (const [name, value] of [
      ['SMTP_URL', 'smtpx://mailer:hunter2@mail.example:587'],
      ['REDIS_URL', 'http://:hunter2@redis.example:6379'],
      ['DATABASE_URL', 'mysql://blog:hunter2@db.example/blog'],
    ]) {
      expect(() => readConfig({ [name!]: value }), name).toThrow(
        expect.objectContaining({ message: expect.stringMatching(new RegExp(`^${name} is invalid(?!.*hunter2)`)) }),
      );
    }
    expect(readConfig({ REDIS_URL: 'redis://:pw@127.0.0.1:6379', SESSION_SECRET: 'x'.repeat(32) }).redisUrl).toBe(
      'redis://:pw@127.0.0.1:6379',
    );
  });

  it('never puts a secret in its message', () => {
    expect(() => readConfig({ SITE_URL: 'nope', OWNER_PASSWORD: 'hunter2', SESSION_SECRET: 'x'.repeat(40) })).toThrow(
      expect.objectContaining({ message: expect.not.stringMatching(/hunter2|xxxx/) }),
    );
  });
});

describe('config()', () => {
  it('reads the environment once, until reset', () => {
    vi.stubEnv('SITE_URL', 'https://one.example');
    resetConfig();
    expect(config().siteUrl).toBe('https://one.example');
    vi.stubEnv('SITE_URL', 'https://two.example');
    expect(config().siteUrl).toBe('https://one.example');
    resetConfig();
    expect(config().siteUrl).toBe('https://two.example');
  });
});
