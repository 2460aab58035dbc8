import { paletteColor, readableText, toHex } from './color';
import { anchorId, anchorResolver, type NodeProps } from './context';
import { arr, get, int, nodeData, num, numish, rec, str, text } from './fields';
import { PollForm } from './poll-form';
import { linkProps } from './safe-href';
import { pollOf, pollResultsPath, pollVotePath } from '@/lib/polls/view';
import {
  adaptColor,
  backgroundPaint,
  colorVars,
  containerProps,
  cx,
  safeColor,
  textPaint,
  type AdaptedColor,
  type Style,
} from './style';
import { defined } from './compact';
import { TocList } from './toc';

const fixedColor = (color: AdaptedColor | undefined) => (color && 'fixed' in color ? color.fixed : undefined);

/** A button's text on its background: the author's pair made readable; on the theme accent, adapted per scheme. */
function buttonPaint(styles: Record<string, unknown>): { className?: string; style: Style } {
  const background = backgroundPaint(
    get(styles, 'background', 'color') ?? styles.backgroundColor ?? get(styles, 'colors', 'background'),
    'accent',
  );
  const textColor = styles.textColor ?? get(styles, 'colors', 'text');
  if (background?.background) {
    const color =
      fixedColor(adaptColor(textColor, background.background)) ?? toHex(readableText(background.background));
    return { style: { color, backgroundColor: background.style!.backgroundColor } };
  }
  const fg = safeColor(textColor, 'fg');
  if (background) return { style: fg ? { color: fg, ...background.style } : { ...background.style } };
  // On the theme accent, which differs per scheme.
  const light = fixedColor(adaptColor(textColor, paletteColor('light', 'accent'), undefined, 'fg'));
  const dark = fixedColor(adaptColor(textColor, paletteColor('dark', 'accent'), undefined, 'fg'));
  if (!light || !dark) return { style: {} };
  if (light === dark) return { style: { color: light } };
  return { className: 'rc-fg', style: colorVars('fg', { light, dark }) };
}

export function Button({ node, ctx }: NodeProps) {
  const data = nodeData(node, 'buttonData');
  const label = text(data.text) ?? 'Learn more';
  const styles = rec(data.styles);
  const paint = buttonPaint(styles);
  const style = paint.style;
  const border = safeColor(styles.borderColor ?? get(styles, 'colors', 'border'), 'fg');
  const radius = int(styles.borderRadius ?? get(styles, 'border', 'radius'), 0, 100);
  const borderWidth = int(styles.borderWidth ?? get(styles, 'border', 'width'), 0, 20);
  if (border) style.borderColor = border;
  if (radius !== undefined) style.borderRadius = radius;
  if (borderWidth !== undefined) style.borderWidth = borderWidth;
  const link = linkProps(data.link, anchorResolver(ctx));
  const container = containerProps(data.containerData, 'rc-button-wrap');
  const props = { style: Object.keys(style).length ? style : undefined, dir: 'auto' as const };
  return (
    <div {...defined({ id: anchorId(node, ctx) })} className={container.className}>
      {link ? (
        <a className={cx('rc-button', paint.className)} {...link} {...props}>
          {label}
        </a>
      ) : (
        <span className={cx('rc-button', 'rc-button-static', paint.className)} {...props}>
          {label}
        </span>
      )}
    </div>
  );
}

const voteCount = (option: Record<string, unknown>) =>
  [option.count, option.votes, option.voteCount, option.votesCount].map(numish).find((n) => n !== undefined && n >= 0);

/** A poll: on its post's page a form that votes; elsewhere the question, its options and any counts it carries. */
export function Poll({ node, ctx }: NodeProps) {
  const data = nodeData(node, 'pollData');
  const poll = rec(data.poll);
  const settings = rec(poll.settings);
  const options = arr(poll.options).map(rec).slice(0, 100);
  const counts = options.map(voteCount);
  const showCounts =
    settings.showVotesCount !== false &&
    get(settings, 'permissions', 'view') !== 'CREATOR' &&
    counts.some((c) => c !== undefined);
  const total = counts.reduce<number>((a, c) => a + (c ?? 0), 0);
  const title = text(poll.title);
  if (!title && !options.length) return null;
  const container = containerProps(data.containerData, 'rc-poll');
  // On the post's page, a plain form that votes (no JavaScript needed; with it, the island shows the results in place);
  // the results are also on the poll's own page, per reader, where its view role lets them be seen
  // (app/(members)/polls). A poll the owner closed shows its options and no form. Elsewhere, the options as the
  // content has them.
  const runnable = ctx.postId ? pollOf(node) : null;
  if (runnable && ctx.postId) {
    const results = pollResultsPath(ctx.postId, runnable.id);
    const figure = { id: anchorId(node, ctx) ?? `poll-${runnable.id}`, className: container.className };
    if (ctx.closedPolls?.includes(runnable.id)) {
      return (
        <figure {...figure} {...defined({ style: container.style })} dir="auto">
          <figcaption className="rc-poll-title">{title ?? 'Poll'}</figcaption>
          <ul className="rc-poll-options">
            {runnable.options.map((option) => (
              <li key={option.id} className="rc-poll-option">
                {option.title}
              </li>
            ))}
          </ul>
          <p className="rc-poll-actions">
            Voting has closed. <a href={results}>Results</a>
          </p>
        </figure>
      );
    }
    const action = pollVotePath(ctx.postId, runnable.id);
    const fields = (
      <>
        <fieldset>
          <legend className="rc-poll-title">{title ?? 'Poll'}</legend>
          {runnable.options.map((option) => (
            <label key={option.id} className="rc-poll-choice">
              <input
                type={runnable.multiple ? 'checkbox' : 'radio'}
                name="option"
                value={option.id}
                required={!runnable.multiple}
              />{' '}
              {option.title}
            </label>
          ))}
        </fieldset>
        <p className="rc-poll-actions">
          <button type="submit">Vote</button> <a href={results}>Results</a>
          {runnable.vote === 'SITE_MEMBERS' && <span className="rc-poll-note"> Members vote.</span>}
        </p>
      </>
    );
    return (
      <figure {...figure} {...defined({ style: container.style })} dir="auto">
        {ctx.islands ? (
          <PollForm
            action={action}
            poll={{ options: runnable.options, showCounts: runnable.showCounts, view: runnable.view }}
          >
            {fields}
          </PollForm>
        ) : (
          <form method="post" action={action} className="rc-poll-form">
            {fields}
          </form>
        )}
      </figure>
    );
  }
  return (
    <figure
      {...defined({ id: anchorId(node, ctx) })}
      className={container.className}
      {...defined({ style: container.style })}
      dir="auto"
    >
      {title && <figcaption className="rc-poll-title">{title}</figcaption>}
      <ul className="rc-poll-options">
        {options.map((option, i) => {
          const count = counts[i] ?? 0;
          const pct = total > 0 ? Math.round((count / total) * 100) : 0;
          return (
            <li key={i} className="rc-poll-option">
              <span className="rc-poll-label">{text(option.title) ?? `Option ${i + 1}`}</span>
              {showCounts && (
                <>
                  <span className="rc-poll-bar" style={{ width: `${pct}%` }} aria-hidden="true" />
                  <span className="rc-poll-count">
                    {count} {count === 1 ? 'vote' : 'votes'} ({pct}%)
                  </span>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </figure>
  );
}

const coordinate = (value: unknown, limit: number) => {
  const n = num(value) ?? numish(value);
  return n !== undefined && Math.abs(n) <= limit ? Number(n.toFixed(6)) : undefined;
};

/** The address and a link to OpenStreetMap: no map script, no third-party request until the reader asks. */
export function MapNode({ node, ctx }: NodeProps) {
  const data = nodeData(node, 'mapData');
  const settings = rec(data.mapSettings);
  const lat = coordinate(settings.lat, 90);
  const lng = coordinate(settings.lng, 180);
  const zoom = int(settings.initialZoom, 1, 19) ?? 15;
  const name = text(settings.locationName);
  const address = text(settings.address);
  const href =
    lat !== undefined && lng !== undefined
      ? `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=${zoom}/${lat}/${lng}`
      : address
        ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`
        : undefined;
  if (!href && !name) return null;
  const container = containerProps(data.containerData, 'rc-map');
  return (
    <figure
      {...defined({ id: anchorId(node, ctx) })}
      className={container.className}
      {...defined({ style: container.style })}
    >
      <address className="rc-map-address">
        {name && <span className="rc-card-title">{name}</span>}
        {address && address !== name && <span className="rc-card-text">{address}</span>}
      </address>
      {href && (
        <a className="rc-link" href={href} target="_blank" rel="noopener noreferrer">
          View on OpenStreetMap
        </a>
      )}
    </figure>
  );
}

export function TocNode({ node, ctx }: NodeProps) {
  const data = nodeData(node, 'tocData');
  const included = arr(data.includedHeadings)
    .map(num)
    .filter((n): n is number => n !== undefined);
  const entries = included.length ? ctx.doc.toc.filter((e) => included.includes(e.level)) : ctx.doc.toc;
  if (!entries.length) return null;
  const listStyle = str(data.listStyle);
  const paint = textPaint(data.color, ctx.background, 'fg');
  return (
    <nav
      {...defined({ id: anchorId(node, ctx) })}
      className={cx('rc-toc', 'rc-toc-inline', data.indentation === 'FLAT' && 'rc-toc-flat', paint?.className)}
      style={paint?.style}
      aria-label="Contents"
    >
      <TocList
        entries={entries}
        numbered={listStyle === 'NUMBERED' || listStyle === 'ROMAN' || listStyle === 'LETTERS'}
      />
    </nav>
  );
}
