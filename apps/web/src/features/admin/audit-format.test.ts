import { describe, expect, it } from 'vitest';
import { actionLabel, auditDiff, formatAuditTime, formatAuditValue, targetTypeLabel } from './audit-format';

describe('audit formats', () => {
  it('prints the time as DD/MM/YYYY HH:mm in Jakarta', () => {
    expect(formatAuditTime('2026-03-02T16:05:00.000Z')).toBe('02/03/2026 23:05');
    expect(formatAuditTime('2026-12-31T17:30:00.000Z')).toBe('01/01/2027 00:30');
  });

  it('names known actions and types, and shows others as written', () => {
    expect(actionLabel('transaction.confirm')).toBe('Konfirmasi transfer');
    expect(actionLabel('something.new')).toBe('something.new');
    expect(targetTypeLabel('withdrawal')).toBe('Penarikan');
    expect(targetTypeLabel('robot')).toBe('robot');
  });

  it('keeps only the fields that changed, nested ones compared whole whatever their key order', () => {
    expect(
      auditDiff(
        { status: 'pending', owner: { a: 1, b: 2 }, total: 5 },
        { status: 'paid', owner: { b: 2, a: 1 }, total: 5, paidAt: 'x' },
      ),
    ).toEqual([
      { key: 'status', before: 'pending', after: 'paid' },
      { key: 'paidAt', before: undefined, after: 'x' },
    ]);
  });

  it('lists every field of a created or deleted target', () => {
    expect(auditDiff(null, { title: 'Halo', slug: 'halo' })).toEqual([
      { key: 'title', before: undefined, after: 'Halo' },
      { key: 'slug', before: undefined, after: 'halo' },
    ]);
    expect(auditDiff({ name: 'Rina' }, null)).toEqual([{ key: 'name', before: 'Rina', after: undefined }]);
  });

  it('compares other values whole', () => {
    expect(auditDiff([1, 2], [1, 2, 3])).toEqual([{ key: '', before: [1, 2], after: [1, 2, 3] }]);
    expect(auditDiff('a', 'a')).toEqual([]);
    expect(auditDiff(null, null)).toEqual([]);
  });

  it('prints values: none, yes/no, WIB times, text, JSON for objects', () => {
    expect(formatAuditValue(null)).toEqual({ text: '-', block: false });
    expect(formatAuditValue(true)).toEqual({ text: 'Ya', block: false });
    expect(formatAuditValue(false)).toEqual({ text: 'Tidak', block: false });
    expect(formatAuditValue(830000)).toEqual({ text: '830000', block: false });
    expect(formatAuditValue('2026-03-02T10:00:00.000Z')).toEqual({
      text: '02/03/2026 17:00 WIB',
      block: false,
    });
    expect(formatAuditValue({ a: [1] })).toEqual({ text: '{\n  "a": [\n    1\n  ]\n}', block: true });
  });
});
