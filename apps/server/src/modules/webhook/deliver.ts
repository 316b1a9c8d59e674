import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import ipaddr from 'ipaddr.js';
import { BlockedTargetError, guardedLookup, hostOf, isBlockedAddress } from './ssrf';

/** `Sapa-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` (WEBHOOK_VERIFY_SNIPPET). */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.`).update(body).digest('hex');
  return `t=${t},v1=${v1}`;
}

export type DeliveryOutcome =
  | { ok: true; statusCode: number; durationMs: number }
  | {
      ok: false;
      /** the receiver's answer, when there was one */
      statusCode: number | null;
      /** why, for the log: 'HTTP 500', 'timeout', 'blocked', or the socket's error code */
      reason: 'status' | 'timeout' | 'blocked' | 'network';
      detail: string;
      durationMs: number;
    };

/** How much of a receiver's answer is read (and dropped) so the connection can be reused. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * POSTs webhook bodies: keep-alive agents whose every new connection resolves its host through the
 * SSRF guard; no redirects are followed (a 3xx is a failure); the answer's body is not kept.
 */
export class WebhookPoster {
  private readonly agents: { http: http.Agent; https: https.Agent };

  constructor(private readonly options: { allowPrivate: boolean; timeoutMs: number }) {
    const lookup = guardedLookup(options.allowPrivate);
    const common = { keepAlive: true, maxSockets: 64, lookup, timeout: options.timeoutMs };
    this.agents = { http: new http.Agent(common), https: new https.Agent(common) };
  }

  post(target: string, body: string, headers: Record<string, string>): Promise<DeliveryOutcome> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return Promise.resolve({
        ok: false,
        statusCode: null,
        reason: 'network',
        detail: 'invalid url',
        durationMs: 0,
      });
    }
    // a literal address never goes through the lookup: checked here
    const host = hostOf(url);
    if (!this.options.allowPrivate && ipaddr.isValid(host) && isBlockedAddress(host)) {
      return Promise.resolve({ ok: false, statusCode: null, reason: 'blocked', detail: host, durationMs: 0 });
    }
    const secure = url.protocol === 'https:';
    const client = secure ? https : http;
    return new Promise<DeliveryOutcome>((resolve) => {
      let settled = false;
      const done = (outcome: DeliveryOutcome) => {
        if (settled) return;
        settled = true;
        resolve(outcome);
      };
      const request = client.request(
        url,
        {
          method: 'POST',
          agent: secure ? this.agents.https : this.agents.http,
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'content-length': Buffer.byteLength(body),
            'user-agent': 'Sapa-Webhook/1',
            ...headers,
          },
          timeout: this.options.timeoutMs,
        },
        (response) => {
          let read = 0;
          response.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > MAX_ANSWER_BYTES) response.destroy();
          });
          const finish = () => {
            const statusCode = response.statusCode ?? 0;
            if (statusCode >= 200 && statusCode < 300) done({ ok: true, statusCode, durationMs: elapsed() });
            else
              done({
                ok: false,
                statusCode,
                reason: 'status',
                detail: `HTTP ${statusCode}`,
                durationMs: elapsed(),
              });
          };
          response.on('end', finish);
          response.on('close', finish);
          response.on('error', finish);
        },
      );
      const deadline = setTimeout(() => {
        request.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' }));
      }, this.options.timeoutMs);
      request.on('timeout', () =>
        request.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })),
      );
      request.on('error', (err: NodeJS.ErrnoException) => {
        clearTimeout(deadline);
        if (err instanceof BlockedTargetError)
          done({
            ok: false,
            statusCode: null,
            reason: 'blocked',
            detail: err.address,
            durationMs: elapsed(),
          });
        else if (err.code === 'ETIMEDOUT')
          done({ ok: false, statusCode: null, reason: 'timeout', detail: 'timeout', durationMs: elapsed() });
        else
          done({
            ok: false,
            statusCode: null,
            reason: 'network',
            detail: err.code ?? err.message,
            durationMs: elapsed(),
          });
      });
      request.on('close', () => clearTimeout(deadline));
      request.end(body);
    });
  }

  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }
}
