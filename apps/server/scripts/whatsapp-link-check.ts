/**
 * Manual check on a machine with internet (never run in CI): links a real phone through the same
 * socket factory the server uses and prints what happens. Auth is kept in a temporary folder and
 * thrown away; nothing touches the database.
 *
 *   npx tsx apps/server/scripts/whatsapp-link-check.ts [--code 6281234567890] [--send 6281234567890]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { realSocketFactory } from '../src/channels/whatsapp-web/socket';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const pairingPhone = option('--code');
const sendTo = option('--send');

async function printQr(qr: string): Promise<void> {
  try {
    const { default: qrcode } = (await import('qrcode-generator')) as unknown as {
      default: (
        type: number,
        level: string,
      ) => { addData(d: string): void; make(): void; createASCII(c?: number, m?: number): string };
    };
    const code = qrcode(0, 'L');
    code.addData(qr);
    code.make();
    console.log(code.createASCII(1, 2));
  } catch {
    console.log('QR payload (paste it into any QR generator and scan it):');
    console.log(qr);
  }
}

async function main(): Promise<void> {
  const { useMultiFileAuthState, DisconnectReason, jidNormalizedUser } = await import('baileys');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sapa-wa-check-'));
  const { state, saveCreds } = await useMultiFileAuthState(dir);
  const logger = pino({ level: 'warn' });
  let qrCount = 0;

  const open = async (): Promise<void> => {
    const sock = await realSocketFactory({ auth: state, logger, getMessage: async () => undefined });
    sock.ev.on('creds.update', () => void saveCreds());
    sock.ev.on('connection.update', (u) => {
      void (async () => {
        if (u.qr) {
          qrCount += 1;
          if (pairingPhone && qrCount === 1 && !state.creds.registered) {
            const code = await sock.requestPairingCode(pairingPhone);
            console.log(
              `Pairing code: ${code.slice(0, 4)}-${code.slice(4)} (WhatsApp > Perangkat tertaut > Tautkan dengan nomor telepon)`,
            );
          } else if (!pairingPhone) {
            console.log(`QR #${qrCount} (WhatsApp > Perangkat tertaut > Tautkan perangkat):`);
            await printQr(u.qr);
          }
        }
        if (u.connection === 'open') {
          const jid = jidNormalizedUser(sock.user?.id ?? '');
          console.log(`Linked as ${jid}`);
          const groups = await sock.groupFetchAllParticipating().catch(() => ({}));
          console.log(`Groups: ${Object.keys(groups).length}`);
          if (sendTo) {
            await sock.sendMessage(`${sendTo.replace(/\D/g, '')}@s.whatsapp.net`, {
              text: 'Tes dari Sapa (link check)',
            });
            console.log(`Sent a test message to ${sendTo}`);
          }
          console.log('OK. Logging the device out and cleaning up.');
          await sock.logout().catch(() => undefined);
          fs.rmSync(dir, { recursive: true, force: true });
          process.exit(0);
        }
        if (u.connection === 'close') {
          const code = (u.lastDisconnect?.error as { output?: { statusCode?: number } } | undefined)?.output
            ?.statusCode;
          console.log(`Closed: ${code ?? '?'} ${u.lastDisconnect?.error?.message ?? ''}`);
          if (code === DisconnectReason.restartRequired) return open();
          fs.rmSync(dir, { recursive: true, force: true });
          process.exit(1);
        }
      })();
    });
    sock.ev.on('messages.upsert', ({ messages, type }) => {
      for (const m of messages)
        console.log(`[${type}] ${m.key.remoteJid} ${m.key.id} ${Object.keys(m.message ?? {}).join(',')}`);
    });
  };
  await open();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
