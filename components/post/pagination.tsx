import Link from 'next/link';
import { words } from '@/lib/core/i18n';

interface PaginationProps {
  page: number;
  totalPages: number;
  href: (page: number) => string;
  language?: string;
}

export function Pagination({ page, totalPages, href, language }: PaginationProps) {
  if (totalPages <= 1) return null;
  const { t } = words(language);
  return (
    <nav className="pagination" aria-label={t('listing.pages')}>
      {page > 1 ? (
        <Link href={href(page - 1)} rel="prev">
          {t('listing.newer')}
        </Link>
      ) : (
        <span />
      )}
      <span>{t('listing.pageOf', { page, total: totalPages })}</span>
      {page < totalPages ? (
        <Link href={href(page + 1)} rel="next">
          {t('listing.older')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
