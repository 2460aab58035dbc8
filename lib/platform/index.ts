import { config } from '../core/config';
import type { Platform } from './decide';

// The switchboard's door for features: which implementation serves each one, from the decision config() holds
// (decide.ts: the decision itself, pure, which the config makes when it reads the environment).

export { type Platform, type PlatformInput, platformOf, refusal } from './decide';

/** Which implementation serves `feature` here. */
export const servedBy = <F extends keyof Platform>(feature: F): Platform[F] => config().platform[feature];

/** Builds the implementation of `feature` the platform names, from those the feature offers (one per choice). */
export const serve = <F extends keyof Platform, O extends Record<Platform[F], () => unknown>>(
  feature: F,
  offers: O,
): ReturnType<O[Platform[F]]> => offers[servedBy(feature)]() as ReturnType<O[Platform[F]]>;
