import { IconArticle } from '@tabler/icons-react';
import { ComingSoon } from '../../components/coming-soon';

/** Artikel: filled in by a later issue; for now a friendly empty state. */
export function ArticleListPage() {
  return (
    <ComingSoon
      title="Artikel"
      description="Tulis dan terbitkan artikel untuk pengguna Sapa dari sini."
      icon={IconArticle}
    />
  );
}
