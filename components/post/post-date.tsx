import { words } from '@/lib/core/i18n';

/** A date as readers of `language` write it (the main language's by default), in a `<time>` element. */
export function PostDate({
  iso,
  label,
  language,
}: {
  iso: string | undefined | null;
  label?: string;
  language?: string | null;
}) {
  if (!iso) return null;
  return (
    <time dateTime={iso} aria-label={label}>
      {words(language).date(iso)}
    </time>
  );
}
