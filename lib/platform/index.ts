import { type Config, config } from '../core/config';
import type { Platform } from './decide';

// The switchboard's door for features: which implementation serves each one, from the decision config() holds
// (decide.ts: the decision itself, pure, which the config makes when it reads the environment).

export { type Platform, type PlatformInput, platformOf, refusal } from './decide';

/**
 * Which implementation serves `feature` here; or under `c`, a configuration read from another environment than this
 * process's config() (the blog CLI's, `readConfig(io.env)`: it backs up and restores the site it is pointed at).
 */
export const servedBy = <F extends keyof Platform>(feature: F, c: Pick<Config, 'platform'> = config()): Platform[F] =>
  c.platform[feature];

/** Builds the implementation of `feature` the platform names, from those the feature offers (one per choice). */
export const serve = <F extends keyof Platform, O extends Record<Platform[F], () => unknown>>(
  feature: F,
  offers: O,
): ReturnType<O[Platform[F]]> => offers[servedBy(feature)]() as ReturnType<O[Platform[F]]>;
