import { COUNTRIES } from '@sapa/contracts';

/** The user part of a JID without device or agent suffix: '628123:4@s.whatsapp.net' -> '628123'. */
export function jidUser(jid: string): string {
  return jid.split('@')[0]!.split(':')[0]!.split('_')[0]!;
}

export const isLid = (jid: string | null | undefined): jid is string => !!jid && jid.endsWith('@lid');
export const isPhoneJid = (jid: string | null | undefined): jid is string =>
  !!jid && jid.endsWith('@s.whatsapp.net');

/** Chats, contacts and groups Sapa never handles as 1:1 conversations. */
export function isIgnoredJid(jid: string): boolean {
  return (
    jid === 'status@broadcast' ||
    jid.endsWith('@g.us') ||
    jid.endsWith('@newsletter') ||
    jid.endsWith('@broadcast')
  );
}

/**
 * A chat's external id for WhatsApp Web: the phone digits (as POST /chat/new stores them) for phone
 * users, else the '@lid' JID until its phone number is known.
 */
export function chatExternalId(jid: string): string {
  return isLid(jid) ? `${jidUser(jid)}@lid` : jidUser(jid);
}

/** The JID to send to from a chat's external id. */
export function jidOfChat(externalId: string): string {
  return externalId.includes('@') ? externalId : `${externalId.replace(/\D/g, '')}@s.whatsapp.net`;
}

const DIALS = [...new Set(COUNTRIES.map((c) => c.dial.replace(/\D/g, '')))]
  .filter(Boolean)
  .sort((a, b) => b.length - a.length);

/** '6281234' -> {dial: '62', phoneNumber: '81234'} (longest known country code first). */
export function splitDial(digits: string): { dial: string; phoneNumber: string } {
  const dial = DIALS.find((d) => digits.startsWith(d) && digits.length > d.length);
  return dial ? { dial, phoneNumber: digits.slice(dial.length) } : { dial: '', phoneNumber: digits };
}
