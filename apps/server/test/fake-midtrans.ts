import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake Midtrans on 127.0.0.1 that speaks the documented protocol (issue 22 part 3), so no test
 * reaches the internet:
 * - POST /snap/v1/transactions (Basic auth with the server key) answers {token, redirect_url};
 * - GET /snap/snap.js serves a small `window.snap.pay(token, callbacks)` that shows a payment panel;
 *   its 'Bayar' button asks POST /snap/pay/{token}, which settles the order and sends the signed
 *   HTTP notification to `notifyUrl`, as Midtrans does;
 * - GET /v2/{order_id}/status (the same auth) answers the order's current status, signed;
 * - GET /snap/v2/vtweb/{token} is the redirect_url page.
 * The server key is learnt from each order's Basic auth, so the notification is signed with it.
 * Tests can also settle, expire or deny an order, or send any notification, by hand.
 */

export interface FakeOrder {
  orderId: string;
  grossAmount: number;
  token: string;
  serverKey: string;
  /** pending until paid (settlement) or ended (expire, cancel, deny) */
  transactionStatus: string;
  fraudStatus: string;
  paymentType: string;
  body: unknown;
}

export interface FakeMidtrans {
  url: string;
  /** where notifications go (Midtrans' dashboard setting); may be set after the start */
  notifyUrl: string;
  orders: Map<string, FakeOrder>;
  /** notifications sent, with the answers our server gave */
  sent: { body: Record<string, string>; status: number }[];
  /** the status API answers with this amount instead of the order's (a tampered amount) */
  amountOverride: Map<string, string>;
  setStatus(orderId: string, transactionStatus: string, fraudStatus?: string): void;
  /** the notification Midtrans would send for the order now (signed with the order's key unless given) */
  notificationFor(orderId: string, serverKey?: string): Record<string, string>;
  /** sends a notification to the server and returns its answer's status */
  notify(body: Record<string, string>): Promise<number>;
  close(): Promise<void>;
}

const grossText = (amount: number) => `${amount}.00`;

export function signatureOf(orderId: string, statusCode: string, gross: string, serverKey: string): string {
  return createHash('sha512').update(`${orderId}${statusCode}${gross}${serverKey}`).digest('hex');
}

function serverKeyOf(req: http.IncomingMessage): string | null {
  const auth = req.headers.authorization ?? '';
  if (!auth.startsWith('Basic ')) return null;
  const decoded = Buffer.from(auth.slice(6), 'base64').toString();
  const key = decoded.endsWith(':') ? decoded.slice(0, -1) : decoded;
  return key || null;
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

/**
 * The fake snap.js: like Midtrans' own, `snap.pay` opens the payment page of the token in a frame over
 * the page (the page needs frame-src for it, nothing more) and hears back from it by postMessage.
 */
const SNAP_JS = (base: string) => `(function () {
  var base = ${JSON.stringify(base)};
  window.snap = {
    pay: function (token, options) {
      options = options || {};
      var overlay = document.createElement('div');
      overlay.id = 'fake-midtrans-snap';
      overlay.style.cssText = 'position:fixed;inset:0;background:rgba(0,0,0,.55);display:flex;align-items:center;justify-content:center;z-index:100000';
      var frame = document.createElement('iframe');
      frame.title = 'Midtrans Snap (uji)';
      frame.src = base + '/snap/v2/vtweb/' + encodeURIComponent(token);
      frame.style.cssText = 'width:340px;height:240px;border:0;border-radius:8px;background:#fff';
      overlay.appendChild(frame);
      document.body.appendChild(overlay);
      function done(event) {
        if (event.origin !== base || !event.data || event.data.type !== 'fake-snap') return;
        window.removeEventListener('message', done);
        if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
        if (event.data.status === 'success' && options.onSuccess) options.onSuccess(event.data.result);
        else if (event.data.status === 'error' && options.onError) options.onError(event.data.result);
        else if (event.data.status === 'close' && options.onClose) options.onClose();
      }
      window.addEventListener('message', done);
    }
  };
})();
`;

/** The payment page a Snap token opens: 'Bayar' settles the order (and Midtrans notifies the merchant). */
const SNAP_PAGE = (token: string) => `<!doctype html>
<html lang="id"><head><meta charset="utf-8"><title>Midtrans Snap (uji)</title></head>
<body style="font-family:sans-serif;margin:24px;color:#1a1a1a">
<h1 style="font-size:18px;margin:0 0 16px">Midtrans Snap (uji)</h1>
<button type="button" id="pay" style="padding:8px 16px;background:#0b4f96;color:#fff;border:0;border-radius:4px">Bayar</button>
<button type="button" id="close" style="padding:8px 16px;background:#e5e5e5;color:#1a1a1a;border:0;border-radius:4px">Tutup</button>
<script>
  var token = ${JSON.stringify(token)};
  function tell(status, result) { parent.postMessage({ type: 'fake-snap', status: status, result: result }, '*'); }
  document.getElementById('pay').onclick = function () {
    this.disabled = true;
    fetch('/snap/pay/' + encodeURIComponent(token), { method: 'POST' })
      .then(function (r) { return r.json(); })
      .then(function (result) { tell('success', result); })
      .catch(function (error) { tell('error', { status_message: String(error) }); });
  };
  document.getElementById('close').onclick = function () { tell('close'); };
</script>
</body></html>`;

export async function startFakeMidtrans(
  options: { notifyUrl?: string; port?: number } = {},
): Promise<FakeMidtrans> {
  const orders = new Map<string, FakeOrder>();
  const byToken = new Map<string, string>();
  const sent: FakeMidtrans['sent'] = [];
  const amountOverride = new Map<string, string>();
  let base = '';

  const statusCodeOf = (order: FakeOrder) =>
    order.transactionStatus === 'pending'
      ? '201'
      : ['deny', 'cancel', 'expire'].includes(order.transactionStatus)
        ? '202'
        : '200';

  const notificationFor = (orderId: string, serverKey?: string): Record<string, string> => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    const statusCode = statusCodeOf(order);
    const gross = grossText(order.grossAmount);
    return {
      transaction_time: new Date().toISOString().replace('T', ' ').slice(0, 19),
      transaction_status: order.transactionStatus,
      transaction_id: randomUUID(),
      status_message: 'midtrans payment notification',
      status_code: statusCode,
      signature_key: signatureOf(orderId, statusCode, gross, serverKey ?? order.serverKey),
      payment_type: order.paymentType,
      order_id: orderId,
      merchant_id: 'G000000000',
      gross_amount: gross,
      fraud_status: order.fraudStatus,
      currency: 'IDR',
    };
  };

  const notify = async (body: Record<string, string>): Promise<number> => {
    const res = await fetch(fake.notifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await res.arrayBuffer();
    sent.push({ body, status: res.status });
    return res.status;
  };

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', base);
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          'access-control-allow-origin': '*',
          'access-control-allow-methods': 'GET, POST',
          'access-control-allow-headers': 'content-type',
        });
        return res.end();
      }
      if (req.method === 'POST' && url.pathname === '/snap/v1/transactions') {
        const serverKey = serverKeyOf(req);
        const body = JSON.parse(await readBody(req)) as {
          transaction_details?: { order_id?: string; gross_amount?: number };
          item_details?: { price: number; quantity: number }[];
        };
        if (!serverKey)
          return json(res, 401, { error_messages: ['Access denied due to unauthorized transaction'] });
        const orderId = body.transaction_details?.order_id;
        const gross = body.transaction_details?.gross_amount;
        if (!orderId || !Number.isInteger(gross))
          return json(res, 400, { error_messages: ['transaction_details.gross_amount is required'] });
        const itemsSum = (body.item_details ?? []).reduce((sum, i) => sum + i.price * i.quantity, 0);
        if (body.item_details && itemsSum !== gross)
          return json(res, 400, {
            error_messages: ['transaction_details.gross_amount is not equal to the sum of item_details'],
          });
        if (orders.has(orderId))
          return json(res, 400, { error_messages: ['transaction_details.order_id sudah digunakan'] });
        const token = randomUUID();
        orders.set(orderId, {
          orderId,
          grossAmount: gross!,
          token,
          serverKey,
          transactionStatus: 'pending',
          fraudStatus: 'accept',
          paymentType: 'qris',
          body,
        });
        byToken.set(token, orderId);
        return json(res, 201, { token, redirect_url: `${base}/snap/v2/vtweb/${token}` });
      }
      if (req.method === 'GET' && url.pathname === '/snap/snap.js') {
        res.writeHead(200, { 'content-type': 'application/javascript', 'access-control-allow-origin': '*' });
        return res.end(SNAP_JS(base));
      }
      const pay = /^\/snap\/pay\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'POST' && pay) {
        const orderId = byToken.get(decodeURIComponent(pay[1]!));
        const order = orderId ? orders.get(orderId) : undefined;
        if (!order) return json(res, 404, { status_code: '404', status_message: 'token tidak dikenal' });
        order.transactionStatus = 'settlement';
        const status = await notify(notificationFor(order.orderId));
        return json(res, 200, {
          status_code: '200',
          transaction_status: 'settlement',
          order_id: order.orderId,
          notified: status,
        });
      }
      const vtweb = /^\/snap\/v2\/vtweb\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && vtweb) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(SNAP_PAGE(decodeURIComponent(vtweb[1]!)));
      }
      const status = /^\/v2\/([^/]+)\/status$/.exec(url.pathname);
      if (req.method === 'GET' && status) {
        const orderId = decodeURIComponent(status[1]!);
        const order = orders.get(orderId);
        const serverKey = serverKeyOf(req);
        if (!serverKey || (order && serverKey !== order.serverKey))
          return json(res, 401, { status_code: '401', status_message: 'Unauthorized' });
        if (!order)
          return json(res, 404, { status_code: '404', status_message: "Transaction doesn't exist." });
        const statusCode = statusCodeOf(order);
        const gross = amountOverride.get(orderId) ?? grossText(order.grossAmount);
        return json(res, 200, {
          status_code: statusCode,
          status_message: 'Success, transaction is found',
          transaction_id: randomUUID(),
          order_id: orderId,
          gross_amount: gross,
          currency: 'IDR',
          payment_type: order.paymentType,
          transaction_time: new Date().toISOString().replace('T', ' ').slice(0, 19),
          transaction_status: order.transactionStatus,
          fraud_status: order.fraudStatus,
          signature_key: signatureOf(orderId, statusCode, gross, order.serverKey),
        });
      }
      if (url.pathname === '/health') return json(res, 200, { ok: true });
      json(res, 404, { status_code: '404', status_message: 'not found' });
    })().catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fake: FakeMidtrans = {
    url: base,
    notifyUrl: options.notifyUrl ?? '',
    orders,
    sent,
    amountOverride,
    setStatus(orderId, transactionStatus, fraudStatus = 'accept') {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      order.transactionStatus = transactionStatus;
      order.fraudStatus = fraudStatus;
    },
    notificationFor,
    notify,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
