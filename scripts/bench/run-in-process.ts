import { benchData } from './data';
import { benchFediverse } from './fediverse';
import { benchImport } from './import';
import { benchNewsletter } from './newsletter';
import { benchRendering } from './rendering';
import type { benchTable } from './run-report';

// The figures `npm run bench` (run.ts) measures inside its own process, before any server starts: rendering, the data
// collections, the newsletter's delivery, the import and the fediverse's delivery.

export async function inProcessFigures(
  figure: ReturnType<typeof benchTable>['figure'],
  quick: boolean,
  renderSeconds: number,
  log: (line: string) => void,
): Promise<void> {
  await figure('rendering', { group: '4', figure: 'RichContent renderToString', target: '≥ 60,000 nodes/s' }, () =>
    benchRendering(renderSeconds, log),
  );
  await figure(
    'data',
    {
      group: '9',
      figure: 'data collection at 100,000 items',
      target: 'query p50 ≤ 20 ms at 100,000 items; bulkInsert 1000: reported',
    },
    () => benchData(log),
  );
  await figure(
    'newsletter',
    { group: '11', figure: 'newsletter delivery', target: 'every subscriber once; rate reported' },
    () => benchNewsletter(quick ? 2_000 : 10_000, log),
  );
  await figure(
    'import',
    { group: '16', figure: 'import of a big blog', target: 'time and memory reported; a second run changes nothing' },
    () => benchImport(quick ? 1_000 : 5_000, log),
  );

  await figure(
    'fediverse',
    {
      group: '17',
      figure: 'a post delivered to the fediverse',
      target: 'every follower once; retries on 503; heap flat; time reported',
    },
    () => benchFediverse(quick ? 2_000 : 10_000, quick ? 40 : 200, log),
  );
}
