import { describe, expect, it } from 'vitest';
import {
  ACCESS_MESSAGES,
  AGENT_MESSAGES,
  ATTACHMENT_MESSAGES,
  CONTACT_MESSAGES,
  LABEL_MESSAGES,
  MESSAGES,
  WEB_MESSAGES,
  WHATSAPP_MESSAGES,
  interpolate,
  t,
} from './messages';

describe('the catalogue', () => {
  it('fills placeholders and leaves unknown ones as written', () => {
    expect(t('validation.maxLength', { max: 50 })).toBe('The maximum length allowed is 50');
    expect(t('label.nameTooLong', { max: 50 })).toBe('Nama label maksimal 50 karakter');
    expect(t('contact.contactsAdded', { count: 0 })).toBe('0 kontak berhasil ditambahkan');
    expect(t('agent.codeSent', {})).toBe('Kode verifikasi telah dikirim ke {email}');
    expect(interpolate('{a} dan {b}', { a: 'Satu' })).toBe('Satu dan {b}');
  });

  it('holds every section under its prefix, text unchanged', () => {
    const sections: [string, Record<string, string>][] = [
      ['', ACCESS_MESSAGES],
      ['', AGENT_MESSAGES],
      ['label.', LABEL_MESSAGES],
      ['contact.', CONTACT_MESSAGES],
      ['whatsapp.', WHATSAPP_MESSAGES],
      ['attachment.', ATTACHMENT_MESSAGES],
      ['web.', WEB_MESSAGES],
    ];
    for (const [prefix, strings] of sections) {
      for (const [key, text] of Object.entries(strings)) {
        expect((MESSAGES as Record<string, string>)[prefix + key]).toBe(text);
      }
    }
    expect(t('whatsapp.status.waiting_scan')).toBe('Menunggu ditautkan');
    expect(t('attachment.wrongType', { type: 'image/x' })).toBe(
      'Jenis file image/x tidak didukung untuk gambar/video/audio',
    );
  });
});
