import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3190);
export const baseURL = `http://127.0.0.1:${port}`;
/**
 * The fake Midtrans (apps/server/test/fake-midtrans.ts) the server pays through in these tests. Not
 * port + 1000: 4190 is on the Fetch standard's list of bad ports, which Node's fetch and Chromium refuse.
 */
const midtransPort = port + 1100;
export const midtransURL = `http://127.0.0.1:${midtransPort}`;
/** The fake Graph API (apps/server/test/fake-graph-cli.ts): Facebook Login, Pages, the Cloud API. */
const graphPort = port + 1200;
export const graphURL = `http://127.0.0.1:${graphPort}`;
/** The Meta app the server is configured with; the fake signs its webhooks with this secret. */
export const META_APP = {
  id: '7700123456789',
  secret: 'e2e-meta-app-secret-uji',
  verifyToken: 'e2e-verify-token',
};
// One fresh data folder per run, shared with the workers through the environment.
process.env.SAPA_E2E_DATA ??= fs.mkdtempSync(path.join(os.tmpdir(), 'sapa-e2e-'));

export default defineConfig({
  testDir: './tests',
  // Generous: CI shares two cores between Chromium's two workers and the server, and its speed
  // varies by a factor of two or more from one run to the next (on 2026-11-27 the same journeys took
  // 20-60 s each that took 5-25 s the day before: the long ones - axe over five pages, the API
  // reference's 40 operations, the article editor - ran out of a 60 s budget); a slow step is not a
  // failure. Each wait for a step keeps its own 15 s.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  reporter: [['list']],
  use: {
    baseURL,
    // a click or fill that hangs (seen once: a Select option's click never returned, and the journey
    // waited out its whole slow() budget of 6 min before the retry) fails after this instead; every
    // action of a journey ends in well under a second when the page is there
    actionTimeout: 45_000,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      // Midtrans cannot be reached from here: a fake speaking its protocol, signatures included
      command: `node_modules/.bin/tsx apps/server/test/fake-midtrans-cli.ts --port=${midtransPort} --notify=${baseURL}/api/midtrans/notification`,
      cwd: '..',
      url: `${midtransURL}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // Meta's Graph API cannot be reached from here either: a fake with its login dialog, Pages,
      // Send API and WhatsApp Cloud API, which signs its webhooks as Meta does
      command: `node_modules/.bin/tsx apps/server/test/fake-graph-cli.ts --port=${graphPort} --app-id=${META_APP.id} --app-secret=${META_APP.secret} --webhook=${baseURL}/webhooks/meta`,
      cwd: '..',
      url: `${graphURL}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // Started the way `npm start` starts it: the embedded default with the demo workspace.
      command: 'npm start',
      cwd: '..',
      url: `${baseURL}/api/ready`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        SAPA_DATA_DIR: process.env.SAPA_E2E_DATA,
        DATABASE_URL: '',
        REDIS_URL: '',
        SMTP_URL: '',
        SAPA_DEMO: '1',
        // every journey registers its own owner from 127.0.0.1; the hourly limit itself is a server test
        SAPA_REGISTER_PER_HOUR: '1000',
        LOG_LEVEL: 'warn',
        MIDTRANS_API_URL: midtransURL,
        MIDTRANS_SNAP_URL: midtransURL,
        META_APP_ID: META_APP.id,
        META_APP_SECRET: META_APP.secret,
        META_VERIFY_TOKEN: META_APP.verifyToken,
        META_GRAPH_URL: graphURL,
        META_DIALOG_URL: graphURL,
        // the webhook receivers of api.spec.ts listen on 127.0.0.1: the operator allows private
        // targets here; a failing receiver's retries come a second apart instead of ten
        SAPA_WEBHOOK_ALLOW_PRIVATE: '1',
        SAPA_WEBHOOK_RETRY_BASE_MS: '1000',
      },
    },
  ],
});
