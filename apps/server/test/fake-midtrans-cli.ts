/**
 * The fake Midtrans as a process, for the end-to-end tests (e2e/playwright.config.ts starts it):
 *   tsx apps/server/test/fake-midtrans-cli.ts --port=3291 --notify=http://127.0.0.1:3190/api/midtrans/notification
 * Listens on 127.0.0.1 only; GET /health answers when it is up.
 */
import { startFakeMidtrans } from './fake-midtrans';

const arg = (name: string) =>
  process.argv
    .find((a) => a.startsWith(`--${name}=`))
    ?.split('=')
    .slice(1)
    .join('=');
const fake = await startFakeMidtrans({ port: Number(arg('port') ?? 0), notifyUrl: arg('notify') ?? '' });
process.stdout.write(`fake midtrans on ${fake.url}\n`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
