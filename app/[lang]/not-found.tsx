import { NotFoundHelp } from '@/components/layout/not-found-help';

export default function NotFound() {
  return <NotFoundHelp />;
}
