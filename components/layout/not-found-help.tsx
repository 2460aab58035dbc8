import Link from 'next/link';
import { feedPath, searchPath } from '@/lib/core/site';
import { words } from '@/lib/core/i18n';

/** A 404 that helps: what happened, a search box and the way home. No data is read, so it never fails. */
export function NotFoundHelp({ language }: { language?: string }) {
  const { t } = words(language);
  return (
    <section className="not-found">
      <h1>{t('notFound.heading')}</h1>
      <p>{t('notFound.text')}</p>
      <form action={searchPath(language)} method="get" role="search" aria-label={t('search.form')}>
        <label htmlFor="not-found-q">{t('site.searchLabel')}</label>{' '}
        <input id="not-found-q" name="q" type="search" maxLength={200} />{' '}
        <button type="submit">{t('search.button')}</button>
      </form>
      <p>
        {t('notFound.back')} <Link href={feedPath(1, language)}>{t('notFound.latest')}</Link>.
      </p>
    </section>
  );
}
