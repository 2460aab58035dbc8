'use client';

import { ErrorHelp } from '@/components/layout/error-help';

export default function LanguageError() {
  return <ErrorHelp />;
}
