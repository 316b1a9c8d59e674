import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  INTEGRATION_MESSAGES as M,
  WEB_MESSAGES,
  type ChannelLinkKind,
  type MetaCallbackBody,
  type MetaCallbackResponse,
} from '@sapa/contracts';
import { errorMessage } from '../../../lib/api-error';
import { finishMetaLogin, knownMetaLogin } from '../../../resources/integration/integration-queries';

export type MetaCallbackResult =
  | { status: 'pending' }
  | { status: 'done'; answer: MetaCallbackResponse }
  | { status: 'failed'; message: string };

/** The query string fields Facebook may send back, passed on as they came (empty ones left out). */
const FIELDS = [
  'code',
  'error',
  'error_reason',
  'error_description',
  'waba_id',
  'phone_number_id',
] as const satisfies readonly (keyof MetaCallbackBody)[];

/** Kept in the history entry once the address bar is cleared, so a page mounted again finds its answer. */
interface CallbackHistoryState {
  metaState: string;
}

type Request = { body: MetaCallbackBody } | { known: Promise<MetaCallbackResponse> };

/** What the callback page was opened with: the dialog's answer, or (mounted again) the answer already asked. */
function readRequest(kind: ChannelLinkKind, search: string, historyState: unknown): Request | null {
  const query = new URLSearchParams(search);
  const state = query.get('state');
  if (state) {
    const body: MetaCallbackBody = { kind, state };
    for (const field of FIELDS) {
      const value = query.get(field);
      if (value) body[field] = value;
    }
    return { body };
  }
  const remembered = (historyState as Partial<CallbackHistoryState> | null)?.metaState;
  const known = typeof remembered === 'string' ? knownMetaLogin(remembered) : undefined;
  return known ? { known } : null;
}

/**
 * The callback page's work: reads code/state/error… from the address once, clears them from the
 * address bar (history replace; the code is secret and single use), and posts them to the server
 * exactly once (finishMetaLogin keeps StrictMode's second run from spending the code again). Without
 * a state there is nothing to finish: the login expired or the page was opened by hand.
 */
export function useMetaCallback(kind: ChannelLinkKind): MetaCallbackResult {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [request] = useState(() => readRequest(kind, location.search, location.state));
  const [result, setResult] = useState<MetaCallbackResult>(() =>
    request ? { status: 'pending' } : { status: 'failed', message: M.loginExpired },
  );

  useEffect(() => {
    if (!location.search && !location.hash) return;
    const state: CallbackHistoryState | null =
      request && 'body' in request ? { metaState: request.body.state } : null;
    void navigate({ pathname: location.pathname }, { replace: true, state });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, with the address the page opened with
  }, []);

  useEffect(() => {
    if (!request) return;
    let alive = true;
    const answer = 'body' in request ? finishMetaLogin(queryClient, request.body) : request.known;
    answer.then(
      (done) => alive && setResult({ status: 'done', answer: done }),
      (error: unknown) =>
        alive && setResult({ status: 'failed', message: errorMessage(error, WEB_MESSAGES.unexpectedError) }),
    );
    return () => {
      alive = false;
    };
  }, [request, queryClient]);

  return result;
}
