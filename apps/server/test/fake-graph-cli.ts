/**
 * The fake Graph API as a process, for the end-to-end tests (e2e/playwright.config.ts starts it):
 *   tsx apps/server/test/fake-graph-cli.ts --port=4390 --app-id=… --app-secret=… \
 *     --webhook=http://127.0.0.1:3190/webhooks/meta
 * Listens on 127.0.0.1 only, with the Pages (Facebook Login, Send API) and Cloud API routes, and a
 * control API under /__e2e for the tests (never part of a deployment: this file is test code):
 * - POST /__e2e/page {name, instagram?: {username}} adds a Page; POST /__e2e/person {of, name} a
 *   customer who wrote to a Page or Instagram account;
 * - POST /__e2e/deliver {payload} signs the JSON with the app secret and POSTs it to the server's
 *   webhook, as Meta does; answers {status};
 * - GET /__e2e/sent?pageId= the Send API calls of a Page; GET /__e2e/cloud-sends?pnid= the Cloud
 *   API sends of a number; POST /__e2e/cloud-number {verifiedName?} adds a number;
 *   POST /__e2e/templates {wabaId, templates} sets a WABA's approved templates.
 * GET /health answers when it is up.
 */
import { startFakeGraph } from './fake-graph';
import {
  addCloudNumber,
  cloudState,
  installCloud,
  setTemplates,
  type FakeTemplate,
} from './fake-graph-cloud';
import { addPage, addPerson, installPages, sentTo } from './fake-graph-pages';

const arg = (name: string) =>
  process.argv
    .find((a) => a.startsWith(`--${name}=`))
    ?.split('=')
    .slice(1)
    .join('=');

// the Meta app the server is configured with (playwright.config.ts): its webhooks are signed with it
const fake = await startFakeGraph({
  appId: arg('app-id'),
  appSecret: arg('app-secret'),
  port: Number(arg('port') ?? 0),
});
// the Pages first: the Cloud routes pass ids they do not know on to them
installPages(fake);
installCloud(fake);
const webhook = arg('webhook') ?? '';

const body = (req: { body: Record<string, unknown> | null }) => req.body ?? {};

fake.route('GET', '/health', () => ({ json: { ok: true } }));
fake.route('POST', '/__e2e/page', (req) => {
  const input = body(req) as { name: string; instagram?: { username: string } };
  const page = addPage(fake, { name: input.name, instagram: input.instagram ?? null });
  return { json: { id: page.id, name: page.name, instagram: page.instagram } };
});
fake.route('POST', '/__e2e/person', (req) => {
  const input = body(req) as { of: string; name: string };
  return { json: addPerson(fake, { of: input.of, name: input.name }) };
});
fake.route('POST', '/__e2e/deliver', async (req) => {
  const { status } = await fake.deliver(webhook, body(req).payload);
  return { json: { status } };
});
fake.route('GET', '/__e2e/sent', (req) => ({
  json: sentTo(fake, req.query.get('pageId') ?? undefined),
}));
fake.route('POST', '/__e2e/cloud-number', (req) => {
  const input = body(req) as { verifiedName?: string };
  return { json: addCloudNumber(fake, { verifiedName: input.verifiedName }) };
});
fake.route('POST', '/__e2e/templates', (req) => {
  const input = body(req) as { wabaId: string; templates: FakeTemplate[] };
  setTemplates(fake, input.wabaId, input.templates);
  return { json: { ok: true } };
});
fake.route('GET', '/__e2e/cloud-sends', (req) => {
  const pnid = req.query.get('pnid');
  const sends = cloudState(fake).sent.filter(
    (s) => s.body.status !== 'read' && (!pnid || s.phoneNumberId === pnid),
  );
  return { json: sends.map((s) => s.body) };
});

process.stdout.write(`fake graph on ${fake.url}\n`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
