import { Button, Paper, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconReceipt, IconSearchOff } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { EmptyState, LoadFailed, LoadMore } from '../../components/list-states';
import { PageHeader } from '../../components/page-header';
import { useAdminTransactions } from '../../resources/admin/admin-payments';
import { TxDetailDrawer } from './tx-detail-drawer';
import { TxFilterBar } from './tx-filter-bar';
import { filtersOf, hasFilters, OPEN_PARAM, withFilters, withoutFilters } from './tx-filters';
import { TxCards, TxSkeleton, TxTable } from './tx-list';
import { TX_TEXT } from './tx-strings';

/** At this width and below the seven columns become cards. */
const CARDS_QUERY = '(max-width: 37.5em)';

/**
 * /admin/transaction (issue 23): every owner's purchases, newest first, filtered by status, method,
 * a range of Jakarta days and a search, all kept in the address (the dashboard links to
 * ?status=pending&method=bank_transfer); 'Lebih Banyak' pages. A row opens its drawer (?id=…), where
 * a bank transfer is confirmed or rejected and a pending purchase cancelled.
 */
export function AdminTransactionPage() {
  const [params, setParams] = useSearchParams();
  const filter = filtersOf(params);
  const list = useAdminTransactions(filter);
  const cards = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false });
  const openId = params.get(OPEN_PARAM);
  const items = list.data?.pages.flatMap((p) => p.docs);

  const open = (id: string) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set(OPEN_PARAM, id);
      return next;
    });
  const close = () =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(OPEN_PARAM);
        return next;
      },
      { replace: true },
    );

  let body;
  if (!items && list.isError) {
    body = <LoadFailed text={TX_TEXT.listFailed} onRetry={() => void list.refetch()} testId="tx-failed" />;
  } else if (!items) {
    body = <TxSkeleton />;
  } else if (!items.length) {
    body = hasFilters(filter) ? (
      <EmptyState
        icon={IconSearchOff}
        title={TX_TEXT.notFound}
        hint={TX_TEXT.notFoundHint}
        action={
          <Button variant="default" onClick={() => setParams((prev) => withoutFilters(prev))}>
            {TX_TEXT.resetFilters}
          </Button>
        }
        testId="tx-not-found"
      />
    ) : (
      <EmptyState icon={IconReceipt} title={TX_TEXT.empty} hint={TX_TEXT.emptyHint} testId="tx-empty" />
    );
  } else {
    body = (
      <>
        {cards ? <TxCards items={items} onOpen={open} /> : <TxTable items={items} onOpen={open} />}
        {list.hasNextPage ? (
          <LoadMore
            onClick={() => void list.fetchNextPage()}
            loading={list.isFetchingNextPage}
            testId="tx-more"
          />
        ) : null}
      </>
    );
  }

  return (
    <Stack gap="md" data-testid="admin-transaction-page">
      <PageHeader title={TX_TEXT.heading} description={TX_TEXT.description} />
      <TxFilterBar
        filter={filter}
        onChange={(change) => setParams((prev) => withFilters(prev, change))}
        onReset={() => setParams((prev) => withoutFilters(prev))}
      />
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }} aria-busy={list.isFetching}>
        {body}
      </Paper>
      <TxDetailDrawer id={openId} listed={items?.find((tx) => tx._id === openId)} onClose={close} />
    </Stack>
  );
}
