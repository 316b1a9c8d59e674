import {
  PAYMENT_METHODS,
  TRANSACTION_STATUSES,
  type PaymentMethod,
  type TransactionStatus,
} from '@sapa/contracts';
import type { AdminTransactionFilter } from '../../resources/admin/admin-payments';

/** The filter names in the address (?status=pending&method=bank_transfer&from=…&to=…&q=…). */
const NAMES = ['status', 'method', 'from', 'to', 'q'] as const;
/** The open transaction's id in the address, so a link may open its drawer. */
export const OPEN_PARAM = 'id';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The filters read from the address; a value the server would refuse (an unknown status, a date not
 * YYYY-MM-DD) is left out rather than sent.
 */
export function filtersOf(params: URLSearchParams): AdminTransactionFilter {
  const status = params.get('status');
  const method = params.get('method');
  const from = params.get('from');
  const to = params.get('to');
  const q = params.get('q')?.trim().slice(0, 100);
  return {
    ...(TRANSACTION_STATUSES.includes(status as TransactionStatus)
      ? { status: status as TransactionStatus }
      : {}),
    ...(PAYMENT_METHODS.includes(method as PaymentMethod) ? { method: method as PaymentMethod } : {}),
    ...(from && DAY.test(from) ? { from } : {}),
    ...(to && DAY.test(to) ? { to } : {}),
    ...(q ? { q } : {}),
  };
}

/** The address's parameters with `change` applied to the filters; an emptied filter leaves the address. */
export function withFilters(
  params: URLSearchParams,
  change: Partial<Record<keyof AdminTransactionFilter, string | null>>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(change)) {
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}

/** The address without any filter (the open transaction stays open). */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of NAMES) next.delete(name);
  return next;
}

/** Whether any filter is set. */
export function hasFilters(filter: AdminTransactionFilter): boolean {
  return NAMES.some((name) => !!filter[name]);
}

/** A range whose end is before its start (YYYY-MM-DD compares as text). */
export function rangeInvalid(filter: AdminTransactionFilter): boolean {
  return !!filter.from && !!filter.to && filter.to < filter.from;
}
