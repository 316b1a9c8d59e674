import { IconPencil } from '@tabler/icons-react';
import { ComingSoon } from '../../components/coming-soon';

/** Tulis Artikel: filled in by a later issue; for now a friendly empty state. */
export function ArticleFormPage() {
  return (
    <ComingSoon
      title="Tulis Artikel"
      description="Editor untuk menulis dan menyunting artikel akan tersedia di sini."
      icon={IconPencil}
    />
  );
}
