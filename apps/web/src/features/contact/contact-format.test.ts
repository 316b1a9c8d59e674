import { describe, expect, it } from 'vitest';
import { contactFormValues, formFieldErrors, parseContactForm } from './contact-form';
import { baseName, initials } from './contact-format';
import { BUDI } from './test-helpers';

describe('small helpers', () => {
  it('names files and initials', () => {
    expect(baseName('kontak.final.xlsx')).toBe('kontak.final');
    expect(baseName('.csv')).toBe('.csv');
    expect(initials('Dewi Ayu Lestari')).toBe('DL');
    expect(initials('andi')).toBe('A');
    expect(initials('  ')).toBe('?');
  });
});

describe('the contact form (groupContactInput from the contracts)', () => {
  const columns = ['Kota', 'Email'];

  it('gives each field its Indonesian message', () => {
    const values = {
      ...contactFormValues(null, columns),
      name: '',
      phoneNumber: '12',
      'v:Kota': 'x'.repeat(501),
    };
    expect(parseContactForm(values, columns)).toEqual({
      ok: false,
      errors: {
        name: 'Nama tidak valid',
        phoneNumber: 'Nomor Telepon tidak valid',
        'v:Kota': 'Isi kolom maksimal 500 karakter',
      },
    });
  });

  it('accepts 0812… and +62…, leaving blank values out', () => {
    const values = { ...contactFormValues(null, columns), name: ' Rina ', phoneNumber: '0812-3456-7890' };
    expect(parseContactForm(values, columns)).toEqual({
      ok: true,
      data: { name: 'Rina', phoneNumber: '6281234567890', values: {} },
    });
    expect(
      parseContactForm({ ...values, phoneNumber: '+62 812 3456 7890', 'v:Email': 'a@b.c' }, columns),
    ).toEqual({
      ok: true,
      data: { name: 'Rina', phoneNumber: '6281234567890', values: { Email: 'a@b.c' } },
    });
  });

  it('starts from the contact being edited', () => {
    expect(contactFormValues(BUDI, columns)).toEqual({
      name: 'Budi Santoso',
      phoneNumber: '+6281234567890',
      'v:Kota': 'Bandung',
      'v:Email': '',
    });
  });

  it('reads the server’s field errors', () => {
    expect(
      formFieldErrors({
        'contacts.0.phoneNumber': 'Nomor Telepon tidak valid',
        'values.Kota': 'Terlalu panjang',
      }),
    ).toEqual({ phoneNumber: 'Nomor Telepon tidak valid', 'v:Kota': 'Terlalu panjang' });
  });
});
