// The services some tests start for themselves (redis-server, PostgreSQL's initdb/pg_ctl/postgres, a named pipe for
// the media route): on a developer's machine without one, those tests are skipped and say why; in CI (`CI=true` or
// `1`: .ci/run sets it) a missing service fails the run instead, with a test that names it, so a CI machine that lost
// a package cannot pass by running fewer tests. Shared by vitest and Playwright files.

/** Whether this run is CI's, where a test never skips for want of a service. */
export const servicesRequired = ['true', '1'].includes((process.env.CI ?? '').trim().toLowerCase());

/** What some tests need: the service's short name, why it is missing here (null when it is not), and which tests. */
export interface ServiceNeed {
  service: string;
  missing: string | null;
  tests: string;
}

/** The failure in CI, naming the service, why it is missing, and how to get it. */
export const serviceMissingError = ({ missing, tests }: ServiceNeed) =>
  new Error(`${missing}: needed by ${tests}, which CI (CI=${process.env.CI}) fails rather than skips`);

/**
 * Whether the tests needing `need` skip here: when the service is missing. Outside CI, that is all (the caller says
 * why). In CI, `declare` (vitest's `it`, Playwright's `test`; called at the file's top level) adds a test in their
 * place that fails naming the service.
 */
export function skipWithout(need: ServiceNeed, declare: (name: string, body: () => void) => void): boolean {
  if (need.missing === null) return false;
  if (servicesRequired)
    declare(`${need.service} is installed (CI runs ${need.tests})`, () => {
      throw serviceMissingError(need);
    });
  return true;
}

/** In a test that finds out only when it runs that its service is missing: skips it outside CI, fails it in CI. */
export function skipOrFail(need: ServiceNeed & { missing: string }, skip: (note: string) => void): void {
  if (servicesRequired) throw serviceMissingError(need);
  skip(need.missing);
}
