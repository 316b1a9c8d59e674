import { Button, Group, Text, type MantineSpacing } from '@mantine/core';

const TEXT = { previous: 'Sebelumnya', next: 'Berikutnya', page: (page: number) => `Halaman ${page}` };

/**
 * 'Sebelumnya · Halaman n · Berikutnya' under a paged table whose answers say only whether a next
 * page exists (`{ docs, hasNextPage }`). Shown only when there is more than one page; the buttons
 * wait while a page loads. Test ids: `${testId}-pages`, `-prev`, `-page`, `-next`.
 */
export function PrevNextPager({
  page,
  hasNextPage,
  busy,
  onPage,
  testId,
  mt,
}: {
  page: number;
  hasNextPage: boolean;
  busy: boolean;
  onPage: (page: number) => void;
  testId: string;
  mt?: MantineSpacing;
}) {
  if (page === 1 && !hasNextPage) return null;
  return (
    <Group justify="center" gap="sm" mt={mt} data-testid={`${testId}-pages`}>
      <Button
        variant="default"
        size="xs"
        onClick={() => onPage(Math.max(1, page - 1))}
        disabled={page === 1 || busy}
        data-testid={`${testId}-prev`}
      >
        {TEXT.previous}
      </Button>
      <Text size="sm" aria-live="polite" data-testid={`${testId}-page`}>
        {TEXT.page(page)}
      </Text>
      <Button
        variant="default"
        size="xs"
        onClick={() => onPage(page + 1)}
        disabled={!hasNextPage || busy}
        data-testid={`${testId}-next`}
      >
        {TEXT.next}
      </Button>
    </Group>
  );
}
