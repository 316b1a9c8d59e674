import { Badge } from '@mantine/core';
import { ARTICLE_STATUS_LABELS, type ArticleStatus } from '@sapa/contracts';

/** An article's status: 'Draf' grey, 'Terbit' green. */
export function ArticleStatusBadge({ status }: { status: ArticleStatus }) {
  return (
    <Badge
      color={status === 'published' ? 'green' : 'gray'}
      variant="light"
      // a narrow table column must not cut 'Terbit' to 'Terb…'
      miw="max-content"
      data-testid="article-status"
      data-status={status}
    >
      {ARTICLE_STATUS_LABELS[status]}
    </Badge>
  );
}
