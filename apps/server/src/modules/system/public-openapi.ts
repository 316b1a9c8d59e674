/**
 * The OpenAPI 3.1 document of the public API (issue 26), served at GET /api/v1/openapi.json and
 * rendered by the web's /user/documentation. Nothing here is written per route: the document is
 * the app's own (`app.swagger()`, generated from the routes' Zod schemas, plugins/openapi.ts) cut
 * down to the /api/v1 paths and the components they reference, with what every public route shares
 * added once: the bearer scheme, the rate-limit headers, 429, the error body, Idempotency-Key.
 */

import {
  PUBLIC_SEND_EXAMPLE,
  WEBHOOK_VERIFY_SNIPPET,
  webhookAccountConnection,
  webhookMessageReceived,
  webhookMessageStatus,
  webhookTest,
} from '@sapa/contracts';
import { z } from 'zod';

type Json = Record<string, unknown>;

/** The prefix of the public API's paths in the app's document. */
export const PUBLIC_API_PREFIX = '/api/v1/';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface PublicDocumentOptions {
  /** requests a minute per number's token (SAPA_API_RATE_PER_MINUTE) */
  ratePerMinute: number;
}

const description = (ratePerMinute: number) =>
  `
API publik Sapa untuk server Anda: kirim pesan (semua jenis, dengan media yang diunggah) dari satu nomor, baca chat dan pesannya, periksa apakah nomor terdaftar di WhatsApp, kelola kontak dan grup kontak, dan mulai broadcast.

## Autentikasi
Setiap permintaan membawa token API nomor pada header \`Authorization: Bearer <token nomor>\`.
Token dibuat per nomor di **Integrasi > WhatsApp > Reset token API**. Token hanya berlaku untuk nomor itu (bukan nomor lain, bukan sesi aplikasi); mereset token langsung membatalkan token lama.

\`\`\`bash
curl -H "Authorization: Bearer TOKEN_NOMOR_ANDA" <alamat server>/api/v1/chats
\`\`\`

## Batas permintaan
Setiap token mendapat ${ratePerMinute} permintaan per menit. Setiap jawaban setelah autentikasi membawa header:
- \`X-RateLimit-Limit\`: jatah permintaan per menit
- \`X-RateLimit-Remaining\`: sisa jatah pada menit ini
- \`X-RateLimit-Reset\`: akhir menit ini, dalam detik Unix

Permintaan yang melewati jatah dijawab \`429\` dengan header \`Retry-After\` (detik sebelum boleh mencoba lagi).

## Idempotency-Key
Permintaan POST boleh membawa header \`Idempotency-Key\` (1-100 karakter: huruf, angka, \`-\`, \`_\`), misalnya sebuah UUID. Kunci yang sama dengan isi yang sama dalam 24 jam dijawab dengan jawaban pertama (header \`Idempotent-Replayed: true\`) tanpa mengirim ulang; kunci yang sama dengan isi berbeda dijawab \`409\`. Permintaan yang ditolak (\`4xx\`) atau gagal (\`5xx\`) tidak menyimpan jawaban: setelah penyebabnya diperbaiki, ulangi dengan kunci yang sama. Dengan kunci, permintaan yang terputus di jaringan aman diulang.

## Webhook
Atur URL webhook per nomor di **Integrasi > WhatsApp > Webhook**. Sapa mengirim setiap event nomor itu sebagai \`POST\` JSON ke URL tersebut: pesan masuk (\`message.received\`), perubahan status pesan keluar (\`message.status\`: \`sent\`, \`delivered\`, \`read\`, \`failed\`), perubahan koneksi nomor (\`account.connection\`) dan event uji (\`webhook.test\`). Bentuk tiap event ada di bagian **Webhooks** dokumen ini.

- Jawab dengan status \`2xx\` dalam 10 detik. Selain itu (termasuk pengalihan \`3xx\`) dianggap gagal dan dicoba lagi dengan jeda yang berlipat (mulai 10 detik, paling lama 4 jam) selama 24 jam. Event yang tetap gagal setelah 24 jam menonaktifkan webhook dan pemilik nomor menerima email.
- Pengiriman *at-least-once*: event yang sama bisa datang lebih dari sekali (percobaan ulang, kirim ulang dari log). Gunakan \`id\` event (juga di header \`Sapa-Event-Id\`) untuk membuang duplikat.
- Event satu chat dikirim berurutan: event berikutnya menunggu event sebelumnya terkirim.
- URL harus dapat dijangkau dari internet: alamat jaringan privat, loopback dan link-local ditolak.

### Memverifikasi tanda tangan
Setiap pengiriman membawa header \`Sapa-Signature: t=<detik Unix>,v1=<tanda tangan>\`: \`v1\` adalah HMAC-SHA256 (heksadesimal) dengan rahasia webhook nomor (\`whsec_...\`, ditampilkan sekali saat webhook dibuat atau rahasianya diganti) atas teks \`<t>.<isi permintaan apa adanya>\`. Tolak permintaan yang tanda tangannya salah atau \`t\`-nya lebih dari 5 menit dari jam Anda. Contoh Node.js:

\`\`\`js
${WEBHOOK_VERIFY_SNIPPET.trim()}
\`\`\`

## Kesalahan
Setiap kesalahan dijawab \`{ statusCode, code, message, fields? }\`: \`code\` untuk program Anda, \`message\` berbahasa Indonesia, dan \`fields\` (per kolom) bila isi permintaan tidak valid.
`.trim();

const integer = { type: 'integer' };

/** Request bodies shown in the examples (Scalar's curl, fetch...), by operationId. */
const REQUEST_EXAMPLES: Record<string, unknown> = { sendMessage: PUBLIC_SEND_EXAMPLE };

/** The headers the public API's answers carry; shared as components and referenced by each answer. */
const HEADERS: Record<string, Json> = {
  'X-RateLimit-Limit': {
    description: 'Jatah permintaan per menit untuk token ini.',
    schema: integer,
  },
  'X-RateLimit-Remaining': {
    description: 'Sisa jatah permintaan pada menit ini.',
    schema: integer,
  },
  'X-RateLimit-Reset': {
    description: 'Akhir menit ini (detik Unix); jatah penuh lagi setelahnya.',
    schema: integer,
  },
  'Retry-After': {
    description: 'Detik yang harus ditunggu sebelum mencoba lagi.',
    schema: integer,
  },
  'Idempotent-Replayed': {
    description: '`true` bila jawaban ini adalah jawaban pertama untuk `Idempotency-Key` yang sama.',
    schema: { type: 'string', enum: ['true'] },
  },
};

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
const rateHeaders = () => ({
  'X-RateLimit-Limit': headerRef('X-RateLimit-Limit'),
  'X-RateLimit-Remaining': headerRef('X-RateLimit-Remaining'),
  'X-RateLimit-Reset': headerRef('X-RateLimit-Reset'),
});

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every `$ref` inside a value (`#/components/schemas/X`). */
function refsIn(value: unknown, found: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) refsIn(item, found);
    return;
  }
  if (!isObject(value)) return;
  for (const [key, inner] of Object.entries(value)) {
    if (key === '$ref' && typeof inner === 'string') found.add(inner);
    else refsIn(inner, found);
  }
}

/** The components referenced from `roots`, followed through the components themselves. */
function usedComponents(components: Json, roots: unknown[]): Json {
  const pending = new Set<string>();
  for (const root of roots) refsIn(root, pending);
  const kept: Record<string, Json> = {};
  const seen = new Set<string>();
  for (const ref of pending) {
    if (seen.has(ref)) continue;
    seen.add(ref);
    const match = /^#\/components\/([^/]+)\/(.+)$/.exec(ref);
    if (!match) continue;
    const [, section, name] = match as unknown as [string, string, string];
    const entry = (components[section] as Json | undefined)?.[name];
    if (entry === undefined) continue;
    (kept[section] ??= {})[name] = entry;
    const more = new Set<string>();
    refsIn(entry, more);
    for (const next of more) if (!seen.has(next)) pending.add(next);
  }
  return kept;
}

/** `/api/v1/chats/{id}/messages` -> `chats`: the operation's tag, the resource it acts on. */
const tagOf = (path: string) => path.slice(PUBLIC_API_PREFIX.length).split('/')[0] ?? 'api';

/**
 * The public API's document, from the app's whole document. `full` is not changed. The servers
 * are left to the caller (the request's own origin).
 */
export function publicApiDocument(full: unknown, options: PublicDocumentOptions): Json {
  const source = structuredClone(full) as Json;
  const allPaths = (source.paths ?? {}) as Record<string, Json>;
  const paths: Record<string, Json> = {};
  let errorSchema: unknown;
  const tags = new Set<string>();

  for (const [path, item] of Object.entries(allPaths)) {
    if (!path.startsWith(PUBLIC_API_PREFIX)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      // the route's own tag (its schema's `tags`), else the resource its path names
      const declared = Array.isArray(operation.tags) ? (operation.tags as unknown[]) : [];
      const tag = typeof declared[0] === 'string' ? declared[0] : tagOf(path);
      tags.add(tag);
      operation.tags = [tag];
      // the number's token, never a session: whatever the route said, the document says bearer
      operation.security = [{ bearer: [] }];
      const parameters = (operation.parameters ?? []) as Json[];
      const idempotent = parameters.some(
        (parameter) =>
          parameter.in === 'header' && String(parameter.name).toLowerCase() === 'idempotency-key',
      );
      for (const parameter of parameters) {
        if (parameter.in === 'header' && String(parameter.name).toLowerCase() === 'idempotency-key') {
          parameter.name = 'Idempotency-Key';
          parameter.description ??=
            'Kunci unik permintaan ini (mis. UUID). Kunci dan isi yang sama dalam 24 jam dijawab dengan jawaban pertama tanpa mengirim ulang; isi berbeda dijawab 409.';
        }
      }

      // a body the reader can send as it is, where the schema alone would give empty strings
      const example = REQUEST_EXAMPLES[String(operation.operationId)];
      const body = (operation.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
      if (example && body?.['application/json']) body['application/json'].example = example;

      const responses = (operation.responses ?? {}) as Record<string, Json>;
      for (const [status, response] of Object.entries(responses)) {
        const content = response.content as Record<string, { schema?: unknown }> | undefined;
        if (/^[45]/.test(status)) {
          const media = content?.['application/json'];
          if (media?.schema !== undefined) {
            errorSchema ??= media.schema;
            media.schema = { $ref: '#/components/schemas/Error' };
          }
        }
        if (/^2/.test(status)) {
          if (response.description === 'Default Response') response.description = 'Berhasil';
          response.headers = {
            ...(response.headers as Json | undefined),
            ...rateHeaders(),
            ...(idempotent ? { 'Idempotent-Replayed': headerRef('Idempotent-Replayed') } : {}),
          };
        } else if (status === '4XX') {
          response.description =
            'Permintaan ditolak: `VALIDATION` (400, dengan `fields`), `UNAUTHORIZED` (401, token tidak ada atau tidak berlaku), `FORBIDDEN` (403), `NOT_FOUND` (404), `CONFLICT` (409, Idempotency-Key dipakai untuk isi lain).';
          response.headers = { ...(response.headers as Json | undefined), ...rateHeaders() };
        } else if (status === '5XX') {
          response.description = 'Kesalahan di server; aman diulang dengan Idempotency-Key yang sama.';
        }
      }
      if (errorSchema !== undefined) {
        responses['429'] ??= {
          description: 'Jatah permintaan per menit habis: tunggu `Retry-After` detik.',
          headers: { 'Retry-After': headerRef('Retry-After'), ...rateHeaders() },
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        };
      }
      operation.responses = responses;
    }
    paths[path] = item;
  }

  const sourceComponents = (source.components ?? {}) as Json;
  const components = usedComponents(sourceComponents, [paths]) as Record<string, Json>;
  components.schemas = {
    ...components.schemas,
    ...(errorSchema !== undefined ? { Error: errorSchema as Json } : {}),
  };
  components.headers = { ...components.headers, ...HEADERS };
  components.securitySchemes = {
    bearer: {
      type: 'http',
      scheme: 'bearer',
      description:
        'Token API nomor (Integrasi > WhatsApp > Reset token API), dikirim sebagai `Authorization: Bearer <token nomor>`.',
    },
  };
  // a component referenced by the schemas moved above (the error body) is kept too
  const moreRefs = usedComponents(sourceComponents, [components.schemas]);
  components.schemas = { ...(moreRefs.schemas as Json | undefined), ...components.schemas };

  const { webhooks, schemas: webhookSchemas } = webhookSection();
  components.schemas = { ...components.schemas, ...webhookSchemas };

  return {
    openapi: source.openapi ?? '3.1.0',
    info: {
      title: 'Sapa API publik',
      version: '1.0.0',
      description: description(options.ratePerMinute),
    },
    servers: [],
    security: [{ bearer: [] }],
    tags: [...tags].map((name) => ({ name })),
    paths,
    webhooks,
    components,
  };
}

/** The events a number's webhook receives (OpenAPI 3.1 `webhooks`), from their contracts' schemas. */
const WEBHOOK_EVENTS: [string, string, string, z.ZodType][] = [
  [
    'message.received',
    'WebhookMessageReceived',
    'Pesan pelanggan masuk ke nomor ini (semua jenis pesan; berkas sebagai URL media Sapa).',
    webhookMessageReceived,
  ],
  [
    'message.status',
    'WebhookMessageStatus',
    'Status pesan keluar berubah: `sent` (diterima WhatsApp), `delivered` (sampai di ponsel pelanggan), `read` (dibaca), `failed` (gagal, dengan `error`). Status hanya maju.',
    webhookMessageStatus,
  ],
  [
    'account.connection',
    'WebhookAccountConnection',
    'Koneksi nomor berubah (mis. `connected`, `disconnected`, `logged_out`), dengan alasannya.',
    webhookAccountConnection,
  ],
  ['webhook.test', 'WebhookTest', 'Event uji dari tombol "Kirim event uji" di halaman webhook.', webhookTest],
];

function webhookSection(): { webhooks: Json; schemas: Record<string, Json> } {
  const webhooks: Json = {};
  const schemas: Record<string, Json> = {};
  for (const [type, name, summary, schema] of WEBHOOK_EVENTS) {
    const { $schema: _ignored, ...jsonSchema } = z.toJSONSchema(schema, { io: 'output' }) as Json;
    schemas[name] = jsonSchema;
    webhooks[type] = {
      post: {
        summary: type,
        description: summary,
        operationId: `webhook_${type.replace('.', '_')}`,
        tags: ['webhooks'],
        parameters: [
          {
            name: 'Sapa-Signature',
            in: 'header',
            required: true,
            description: '`t=<detik Unix>,v1=<HMAC-SHA256 heksadesimal atas "<t>.<isi>">`',
            schema: { type: 'string' },
          },
          {
            name: 'Sapa-Event-Id',
            in: 'header',
            required: true,
            description: 'Id event, sama pada setiap percobaan ulang: untuk membuang duplikat.',
            schema: { type: 'string' },
          },
          { name: 'Sapa-Event-Type', in: 'header', required: true, schema: { type: 'string', enum: [type] } },
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } },
        },
        responses: {
          '200': { description: 'Diterima: jawab 2xx dalam 10 detik. Jawaban lain dicoba lagi.' },
        },
      },
    };
  }
  return { webhooks, schemas };
}
