import { describe, expect, it } from 'vitest';
import { ATTACHMENT_MESSAGES } from './attachment';
import { CONTACT_MESSAGES } from './contact';
import { LABEL_MESSAGES } from './label';
import { interpolate, MESSAGES, t } from './messages';

describe('the catalogue', () => {
  it('fills placeholders and leaves unknown ones as written', () => {
    expect(t('validation.maxLength', { max: 50 })).toBe('The maximum length allowed is 50');
    expect(t('auth.verifySent', {})).toBe('Kode verifikasi telah dikirim ke {email}');
    expect(interpolate(LABEL_MESSAGES.nameTooLong, { max: 50 })).toBe('Nama label maksimal 50 karakter');
    expect(interpolate(CONTACT_MESSAGES.contactsAdded, { count: 0 })).toBe('0 kontak berhasil ditambahkan');
    expect(interpolate(ATTACHMENT_MESSAGES.wrongType, { type: 'image/x' })).toBe(
      'Jenis file image/x tidak didukung untuk gambar/video/audio',
    );
    expect(interpolate('{a} dan {b}', { a: 'Satu' })).toBe('Satu dan {b}');
  });

  it("fills a value holding '$&' as it is, unlike String.replace", () => {
    expect(interpolate('Template "{title}" akan dihapus.', { title: 'Diskon $& $1' })).toBe(
      'Template "Diskon $& $1" akan dihapus.',
    );
  });

  it('carries the route guard strings for t()', () => {
    expect(MESSAGES['access.deniedTitle']).toBe('Akses Ditolak');
  });
});
