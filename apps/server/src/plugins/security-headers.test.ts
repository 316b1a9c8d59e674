import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers';

/** The Content-Security-Policy header as directive -> sources. */
function directives(header: string | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out[name] = sources;
  }
  return out;
}

describe('Content-Security-Policy', () => {
  const { t } = useTestApp();

  it("lets the page fetch, open sockets and load media only from the app's own origin", async () => {
    for (const url of ['/api/chat', '/', '/api/tidak-ada']) {
      const csp = directives(
        (await t.app.inject({ method: 'GET', url })).headers['content-security-policy'] as string,
      );
      // same-origin fetches and WebSockets (/ws, /ws/sandbox): 'self' covers ws: and wss: in CSP3
      expect(csp['connect-src']).toEqual(["'self'"]);
      // media come through /api/media/{key} (disk or S3); previews are blob: URLs
      expect(csp['media-src']).toEqual(["'self'", 'blob:']);
      // WhatsApp's contact pictures are the one outside origin
      expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://pps.whatsapp.net']);
      for (const sources of Object.values(csp))
        for (const source of sources) expect(['https:', 'http:', 'ws:', 'wss:', '*']).not.toContain(source);
      expect(csp['default-src']).toEqual(["'self'"]);
      // scripts and frames: the app's own, and Midtrans Snap's (issue 22: the payment page opens over ours)
      const midtrans = [
        'https://app.midtrans.com',
        'https://app.sandbox.midtrans.com',
        'https://api.midtrans.com',
        'https://api.sandbox.midtrans.com',
      ];
      expect(csp['script-src']).toEqual(["'self'", ...midtrans]);
      expect(csp['frame-src']).toEqual(["'self'", ...midtrans]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
    }
  });
});
