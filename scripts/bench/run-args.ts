import { parseArgs } from 'node:util';

// `npm run bench`'s command line (run.ts): which figures run, and how long each measures (--quick: shorter).

export const FIGURES = [
  'rendering',
  'throughput',
  'page-js',
  'lighthouse',
  'freshness',
  'soak',
  'scale',
  'faults',
  'query-engine',
  'causes',
  'data',
  'newsletter',
  'cluster',
  'paid-read',
  'long-posts',
  'memory',
  'analytics',
  'import',
  'fediverse',
] as const;
/** Run only when asked for with --only: query-engine prints in-process figures, causes rebuilds the app four times. */
const ON_REQUEST: readonly string[] = ['causes'];
export type Figure = (typeof FIGURES)[number];

/** The figures a run without --only measures (--quick leaves out query-engine too). */
export const defaultFigures = (quick: boolean) =>
  FIGURES.filter((f) => !ON_REQUEST.includes(f) && (f !== 'query-engine' || !quick));

/** The run's options; --help prints the usage and exits, an unknown figure throws. */
export function benchArgs(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      quick: { type: 'boolean', default: false },
      only: { type: 'string' },
      skip: { type: 'string' },
      rebuild: { type: 'boolean', default: false },
      'no-write': { type: 'boolean', default: false },
      // The soak's length (figure 8); 10 or more writes its curve to docs/benchmarks/soak.svg.
      minutes: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(
      `npm run bench -- [--quick] [--only ${FIGURES.join(',')}] [--skip ...] [--rebuild] [--no-write] [--minutes N]`,
    );
    process.exit(0);
  }
  const quick = values.quick!;
  const list = (text: string | undefined) => (text ? text.split(',').map((s) => s.trim()) : []);
  for (const name of [...list(values.only), ...list(values.skip)])
    if (!FIGURES.includes(name as Figure)) throw new Error(`unknown figure "${name}"; known: ${FIGURES.join(', ')}`);
  const selected = new Set<Figure>(
    (values.only ? list(values.only) : defaultFigures(quick)).filter((f) => !list(values.skip).includes(f)) as Figure[],
  );
  return {
    quick,
    selected,
    rebuild: values.rebuild!,
    write: !values['no-write'],
    /** --minutes as given: the soak checks it when its turn comes. */
    minutes: values.minutes,
    settings: quick
      ? {
          seconds: 2,
          rounds: 3,
          lighthouseRuns: 1,
          renderSeconds: 1,
          edits: 20,
          soak: 20,
          soakWarmup: 5,
          corpora: [1_000, 10_000],
          scaleRounds: 3,
          scaleWarm: 10,
        }
      : {
          seconds: 4,
          rounds: 3,
          lighthouseRuns: 3,
          renderSeconds: 3,
          edits: 20,
          soak: 60,
          soakWarmup: 10,
          corpora: [1_000, 10_000, 100_000],
          scaleRounds: 5,
          scaleWarm: 20,
        },
  };
}
