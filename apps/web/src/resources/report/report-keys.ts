import type { RecipientState } from '@sapa/contracts';

/** A report's month: 1..12 of a year (Asia/Jakarta). */
export interface ReportPeriod {
  year: number;
  month: number;
}

/** The per-recipient table of one broadcast's report: its page and state filter. */
export interface ReportRecipientFilter {
  page: number;
  state?: RecipientState;
}

/**
 * Query keys of reports, all under ['report']: a period's broadcast report, one broadcast's report and
 * its recipients, and a period's status report.
 */
export const reportKeys = {
  all: () => ['report'] as const,
  broadcasts: () => ['report', 'broadcast'] as const,
  broadcastPeriod: (period: ReportPeriod) => ['report', 'broadcast', 'period', period] as const,
  broadcast: (id: string) => ['report', 'broadcast', 'one', id] as const,
  recipients: (id: string) => ['report', 'broadcast', 'recipient', id] as const,
  recipientPage: (id: string, filter: ReportRecipientFilter) =>
    ['report', 'broadcast', 'recipient', id, filter] as const,
  statusPeriod: (period: ReportPeriod) => ['report', 'status', 'period', period] as const,
};
