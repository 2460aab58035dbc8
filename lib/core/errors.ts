// The error catalogue: each error the site answers with, its HTTP status and the platform's WDE code and kind
// (the README's JSON API section lists them). The query engine, the sources, the login and the webhook raise
// these; lib/edge/api answers them. Where the platform's catalogue has no code for a case, the site uses its own
// WDE9xxx range (numbered after the HTTP status).

export type ErrorKind = 'WD_VALIDATION_ERROR' | 'WD_UNKNOWN_ERROR';

// Bundles (pages, route handlers) each load their own copy of this module, so `instanceof` would miss a
// CatalogueError made by another copy: errors carry a process-wide brand instead.
const BRAND = Symbol.for('wix-blog.CatalogueError');

export class CatalogueError extends Error {
  readonly [BRAND] = true;
  readonly status: number;
  readonly wde: string;
  readonly code: ErrorKind;

  constructor(status: number, wde: string, message: string) {
    super(message);
    this.name = 'CatalogueError';
    this.status = status;
    this.wde = wde;
    this.code = status >= 500 ? 'WD_UNKNOWN_ERROR' : 'WD_VALIDATION_ERROR';
  }

  toJSON() {
    return { error: { code: this.code, wde: this.wde, message: this.message } };
  }
}

const invalid = (wde: string) => (message: string) => new CatalogueError(400, wde, message);

export const errors = {
  /** The data service's arguments (the seed's section 5), checked by lib/data/validate.ts before anything is stored. */
  collectionNotString: invalid('WDE0001'),
  itemIdNotString: invalid('WDE0002'),
  fieldNameNotString: invalid('WDE0003'),
  itemNotObject: invalid('WDE0004'),
  itemsNotArray: invalid('WDE0005'),
  tooManyItems: invalid('WDE0006'),
  updateNeedsId: invalid('WDE0007'),
  wrongArgumentCount: invalid('WDE0008'),
  /**
   * References: WDE0019 a target that is neither an id nor an item with one, 0020 not a multi-reference field, 0021 an
   * item's reference field holding anything but ids or items.
   */
  badReference: invalid('WDE0019'),
  notMultiReference: invalid('WDE0020'),
  invalidReference: invalid('WDE0021'),
  /** A data query's previous or next page asked for when there is none (a bad cursor is WDE0165 too, below). */
  noPreviousPage: invalid('WDE0159'),
  noNextPage: invalid('WDE0165'),
  filterNotObject: invalid('WDE0016'),
  regexNotAllowed: invalid('WDE0070'),
  skipWithCursor: invalid('WDE0080'),
  /**
   * Paging numbers: WDE0032 limit not a number, 0033 not an integer, 0034 negative, 0035 zero or over the maximum, 0036
   * offset invalid, 0037 above 2^53.
   */
  limitNotNumber: invalid('WDE0032'),
  limitNotInteger: invalid('WDE0033'),
  limitNegative: invalid('WDE0034'),
  limitOutOfRange: invalid('WDE0035'),
  offsetInvalid: invalid('WDE0036'),
  numberTooLarge: invalid('WDE0037'),
  /**
   * Argument counts: WDE0038 `$between`, 0039 `$in`/`$hasSome`/`$hasAll` empty, 0040 logical operator list, 0041 `$not`
   * argument.
   */
  betweenArity: invalid('WDE0038'),
  setArity: invalid('WDE0039'),
  logicalArity: invalid('WDE0040'),
  notArity: invalid('WDE0041'),
  /**
   * Type checks: WDE0044 unknown operator, 0045 unknown field, 0046 comparison operand, 0047 string operand, 0048 set
   * item, 0049 boolean operand, 0050 sort field not a string, 0051 sort field not sortable or order invalid.
   */
  unknownOperator: invalid('WDE0044'),
  unknownField: invalid('WDE0045'),
  comparisonOperand: invalid('WDE0046'),
  stringOperand: invalid('WDE0047'),
  setItem: invalid('WDE0048'),
  booleanOperand: invalid('WDE0049'),
  sortFieldNotString: invalid('WDE0050'),
  sortNotSortable: invalid('WDE0051'),
  /** A value outside its allowed set: a fieldset, a named sort, an order (WDE0051, the catalogue's "not sortable"). */
  notAChoice: invalid('WDE0051'),
  /**
   * A value of the wrong kind or range where no filter operand is involved: a stats date, time zone or month count; a
   * data option, a data query's key, a number that is not finite in an item (WDE0046).
   */
  badValue: invalid('WDE0046'),
  tooManyIds: invalid('WDE0068'),
  tooManyValues: invalid('WDE0069'),
  malformedCursor: invalid('WDE0165'),
  payloadTooLarge: (message: string) => new CatalogueError(413, 'WDE0109', message),
  /**
   * An uploaded file that is not an image the site takes, judged by its content (a member's picture: JPEG, PNG, WebP or
   * GIF that decodes whole), whatever its name or declared type say (WDE9422, the site's own, after the status).
   */
  notAnImage: (message: string) => new CatalogueError(422, 'WDE9422', message),
  urlTooLong: (message: string) => new CatalogueError(414, 'WDE0109', message),
  notFound: (message: string) => new CatalogueError(404, 'WDE0073', message),
  upstreamUnparseable: (message: string) => new CatalogueError(502, 'WDE0055', message),
  upstreamFailed: (message: string) => new CatalogueError(502, 'WDE0053', message),
  internal: (message = 'Internal error') => new CatalogueError(500, 'WDE0053', message),
} as const;

export const isCatalogueError = (value: unknown): value is CatalogueError =>
  typeof value === 'object' && value !== null && (value as Partial<Record<typeof BRAND, unknown>>)[BRAND] === true;

/** The catalogue's 429 (WDE9429): a client over one of the site's limits, told when to try again (`Retry-After`). */
export class TooManyRequests extends CatalogueError {
  readonly retryAfter: number;

  constructor(message: string, seconds: number) {
    super(429, 'WDE9429', `${message}; retry in ${seconds} s`);
    this.retryAfter = seconds;
  }
}

/** The seconds a catalogue error asks its client to wait before trying again (a TooManyRequests), else null. */
export const retryAfterOf = (error: unknown): number | null =>
  isCatalogueError(error) && typeof (error as Partial<TooManyRequests>).retryAfter === 'number'
    ? (error as TooManyRequests).retryAfter
    : null;
