import { t, type MessageKey } from './catalogue/messages';

/** Every error the API can answer with: a stable code, an HTTP status and a catalogue message. */
export const ERROR_CODES = {
  VALIDATION: { status: 400, message: 'validation.invalid' },
  UNAUTHORIZED: { status: 401, message: 'auth.unauthorized' },
  INVALID_CREDENTIALS: { status: 401, message: 'auth.invalidCredentials' },
  FORBIDDEN: { status: 403, message: 'auth.forbidden' },
  OWNER_ONLY: { status: 403, message: 'auth.ownerOnly' },
  AGENT_NOT_VERIFIED: { status: 403, message: 'auth.agentNotVerified' },
  NEED_VERIFICATION: { status: 403, message: 'auth.needVerification' },
  /** the owner's subscription has ended (or never started): sending, broadcasts, statuses and new numbers wait */
  PAYMENT_REQUIRED: { status: 402, message: 'billing.subscriptionExpired' },
  NOT_FOUND: { status: 404, message: 'common.notFound' },
  ROUTE_NOT_FOUND: { status: 404, message: 'common.routeNotFound' },
  CONFLICT: { status: 409, message: 'validation.invalid' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'common.payloadTooLarge' },
  /** the owner's stored files plus this one would pass the operator's quota (SAPA_STORAGE_QUOTA_MB) */
  STORAGE_FULL: { status: 413, message: 'common.storageFull' },
  RATE_LIMITED: { status: 429, message: 'common.rateLimited' },
  INTERNAL: { status: 500, message: 'common.internal' },
  UNAVAILABLE: { status: 503, message: 'common.unavailable' },
} as const satisfies Record<string, { status: number; message: MessageKey }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The JSON body of every error response. */
export interface ApiErrorBody {
  statusCode: number;
  code: ErrorCode;
  message: string;
  /** Field name -> Indonesian message, for form errors. */
  fields?: Record<string, string>;
}

export function defaultErrorMessage(code: ErrorCode): string {
  return t(ERROR_CODES[code].message);
}
