import { NotFoundHelp } from '@/components/layout/not-found-help';

export default function PostNotFound() {
  return <NotFoundHelp />;
}
