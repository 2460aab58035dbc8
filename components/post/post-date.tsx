const format = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export function PostDate({ iso, label }: { iso: string | undefined | null; label?: string }) {
  if (!iso) return null;
  return (
    <time dateTime={iso} aria-label={label}>
      {format.format(new Date(iso))}
    </time>
  );
}
