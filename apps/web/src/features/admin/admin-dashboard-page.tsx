import { Card, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { LoadFailed } from '../../components/list-states';
import { PageHeader } from '../../components/page-header';
import { useAdminDashboard } from '../../resources/admin/admin-dashboard';
import { MessagesChart, RevenueChart } from './dashboard-charts';
import { DashboardFigures } from './dashboard-figures';
import { DASHBOARD_TEXT as T } from './dashboard-strings';

/**
 * /admin/dashboard (issue 23): owners, subscriptions and trials, this month's revenue, transfers and
 * withdrawals waiting, numbers by channel (each figure opens its list), revenue by month and
 * messages by day, each chart with its table.
 */
export function AdminDashboardPage() {
  const dashboard = useAdminDashboard();
  return (
    <Stack gap="md" data-testid="admin-dashboard-page">
      <PageHeader title={T.heading} description={T.description} />
      {dashboard.isPending ? (
        <DashboardSkeleton />
      ) : dashboard.isError ? (
        <Card withBorder radius="md" padding={0}>
          <LoadFailed text={T.failed} onRetry={() => void dashboard.refetch()} testId="dashboard-failed" />
        </Card>
      ) : (
        <>
          <DashboardFigures data={dashboard.data} />
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <RevenueChart months={dashboard.data.revenue.months} />
            <MessagesChart days={dashboard.data.messagesPerDay} />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

function DashboardSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label={T.loading} data-testid="dashboard-loading">
      <SimpleGrid cols={{ base: 2, md: 3 }} spacing={{ base: 'sm', sm: 'md' }}>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} h={104} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton h={112} radius="md" />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Skeleton h={320} radius="md" />
        <Skeleton h={320} radius="md" />
      </SimpleGrid>
    </Stack>
  );
}
