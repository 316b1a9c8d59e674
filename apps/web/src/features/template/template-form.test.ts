import { describe, expect, it } from 'vitest';
import type { ChatTemplate } from '@sapa/contracts';
import {
  buildTemplateBody,
  EMPTY_TEMPLATE_VALUES,
  fieldOfPath,
  initialForm,
  templateSummary,
} from './template-form';

const STAMP = '2026-01-01T00:00:00.000Z';
const CONTACT: ChatTemplate = {
  _id: 'c1',
  title: 'CS',
  type: 'contact',
  text: '',
  contact: { name: 'Admin Toko', dial: '65', phoneNumber: '81234567' },
  createdAt: STAMP,
  updatedAt: STAMP,
};

describe('template form', () => {
  it('puts body paths and the server field names on their inputs', () => {
    expect(fieldOfPath(['location', 'name'])).toBe('locationName');
    expect(fieldOfPath('location.latitude')).toBe('latitude');
    expect(fieldOfPath('contact.phoneNumber')).toBe('phoneNumber');
    expect(fieldOfPath('contact.name')).toBe('contactName');
    expect(fieldOfPath(['document', 'url'])).toBe('file');
    expect(fieldOfPath('title')).toBe('title');
    expect(fieldOfPath('_')).toBeNull();
  });

  it('opens a contact template with its country and sends the dial code back', () => {
    const { values } = initialForm(CONTACT);
    expect(values).toMatchObject({ type: 'contact', contactName: 'Admin Toko', phoneNumber: '81234567' });
    const result = buildTemplateBody(values, {});
    expect(result).toEqual({
      ok: true,
      body: {
        title: 'CS',
        type: 'contact',
        text: '',
        contact: { name: 'Admin Toko', dial: '65', phoneNumber: '81234567' },
      },
    });
  });

  it('refuses a contact without a valid name or number in Indonesian', () => {
    const result = buildTemplateBody(
      { ...EMPTY_TEMPLATE_VALUES, title: 'CS', type: 'contact', phoneNumber: '12' },
      {},
    );
    expect(result).toEqual({
      ok: false,
      errors: { contactName: 'Nama Kontak tidak valid', phoneNumber: 'Nomor Telepon tidak valid' },
    });
  });

  it('summarises a template in one line', () => {
    expect(templateSummary(CONTACT)).toBe('Admin Toko (+65 81234567)');
    expect(
      templateSummary({
        ...CONTACT,
        type: 'location',
        contact: undefined,
        text: 'Mampir\nya',
        location: { latitude: 1, longitude: 2, name: 'Toko', address: 'Jl. A', thumbnail: null },
      }),
    ).toBe('Toko, Jl. A · Mampir ya');
  });
});
