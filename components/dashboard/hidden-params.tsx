import type { DashboardParams } from '@/lib/edge/dashboard/params';

type Key = keyof DashboardParams;

/** The dashboard's other URL params, carried through a GET form that changes only some of them. */
export function HiddenParams({ params, omit }: { params: DashboardParams; omit: Key[] }) {
  const kept = (Object.entries(params) as [Key, DashboardParams[Key]][]).filter(
    ([key, value]) => !omit.includes(key) && value !== undefined,
  );
  return (
    <>
      {kept.map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={String(value)} />
      ))}
    </>
  );
}
