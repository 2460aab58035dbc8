// What pages and components show of the site's settings (the header's theme, the settings form's choices and its
// contrast check), without the store or its reads: the settings' view, the one door components take to them.

export { BACKGROUNDS, FONT_PAIRING_IDS, FONT_PAIRINGS, SOCIAL_NAMES, SOCIAL_NETWORKS } from './types';
export { contrast, darkAccentOf, MIN_CONTRAST, normalHex } from './colour';
export { themeCss } from './theme';
