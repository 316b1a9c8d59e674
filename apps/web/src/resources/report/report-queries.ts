import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  PUBLICATION_LIMITS,
  type BroadcastPeriodReport,
  type BroadcastRecipient,
  type BroadcastReport,
  type Paged,
  type StatusPeriodReport,
} from '@sapa/contracts';
import { api } from '../../lib/api-client';
import { downloadApiFile, safeFileName } from '../../lib/api-download';
import { reportKeys, type ReportPeriod, type ReportRecipientFilter } from './report-keys';

export { reportKeys, type ReportPeriod, type ReportRecipientFilter } from './report-keys';

const broadcastPath = (id: string, rest = '') => `/report/broadcast/${encodeURIComponent(id)}${rest}`;
const pad = (n: number) => String(n).padStart(2, '0');

/** GET /report/broadcast?year&month: the period's totals, days and broadcasts. */
export function useBroadcastPeriodReport(period: ReportPeriod) {
  return useQuery({
    queryKey: reportKeys.broadcastPeriod(period),
    queryFn: ({ signal }) =>
      api.get<BroadcastPeriodReport>('/report/broadcast', { year: period.year, month: period.month }, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /report/broadcast/{id}: one broadcast's figures and days. */
export function useBroadcastReport(id: string) {
  return useQuery({
    queryKey: reportKeys.broadcast(id),
    queryFn: ({ signal }) => api.get<BroadcastReport>(broadcastPath(id), undefined, signal),
    enabled: !!id,
  });
}

/** GET /report/broadcast/{id}/recipient?state&page&limit: 50 a page, by state. */
export function useBroadcastReportRecipients(id: string, filter: ReportRecipientFilter) {
  return useQuery({
    queryKey: reportKeys.recipientPage(id, filter),
    queryFn: ({ signal }) =>
      api.get<Paged<BroadcastRecipient>>(
        broadcastPath(id, '/recipient'),
        { state: filter.state, page: filter.page, limit: PUBLICATION_LIMITS.recipientPageSize },
        signal,
      ),
    enabled: !!id,
    placeholderData: keepPreviousData,
  });
}

/** GET /report/status?year&month: the period's status runs and totals. */
export function useStatusPeriodReport(period: ReportPeriod) {
  return useQuery({
    queryKey: reportKeys.statusPeriod(period),
    queryFn: ({ signal }) =>
      api.get<StatusPeriodReport>('/report/status', { year: period.year, month: period.month }, signal),
    placeholderData: keepPreviousData,
  });
}

/** 'laporan-broadcast-2026-03.xlsx' */
export function periodFileName(kind: 'broadcast' | 'status', period: ReportPeriod): string {
  return `laporan-${kind}-${period.year}-${pad(period.month)}.xlsx`;
}

/** GET /report/broadcast/export?year&month: every recipient row of the period's broadcasts (.xlsx). */
export function exportBroadcastPeriod(period: ReportPeriod): Promise<void> {
  return downloadApiFile('/report/broadcast/export', periodFileName('broadcast', period), {
    query: { year: period.year, month: period.month },
  });
}

/** GET /report/broadcast/{id}/export: every recipient row of one broadcast (.xlsx), named after it. */
export function exportBroadcastReport(broadcast: { _id: string; name: string }): Promise<void> {
  return downloadApiFile(
    broadcastPath(broadcast._id, '/export'),
    `laporan-${safeFileName(broadcast.name, 'broadcast')}.xlsx`,
  );
}

/** GET /report/status/export?year&month: every status run of the period (.xlsx). */
export function exportStatusPeriod(period: ReportPeriod): Promise<void> {
  return downloadApiFile('/report/status/export', periodFileName('status', period), {
    query: { year: period.year, month: period.month },
  });
}
