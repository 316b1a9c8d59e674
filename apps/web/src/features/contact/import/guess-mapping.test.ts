import { describe, expect, it } from 'vitest';
import {
  adaptMapping,
  choiceToTarget,
  duplicateTargets,
  guessMapping,
  normalizeHeader,
} from './guess-mapping';

describe('guessMapping (the mapping step’s first guess)', () => {
  it('finds the name and the number by their usual headers', () => {
    expect(guessMapping(['Nama', 'Nomor Telepon', 'Kota'], [])).toEqual(['name', 'phoneNumber', 'new']);
    expect(guessMapping(['Name', 'Phone'], [])).toEqual(['name', 'phoneNumber']);
    expect(guessMapping(['No. HP', 'Nama Lengkap'], [])).toEqual(['phoneNumber', 'name']);
    expect(guessMapping(['whatsapp', 'nama_pelanggan'], [])).toEqual(['phoneNumber', 'name']);
    expect(guessMapping(['WA', 'Customer Name'], [])).toEqual(['phoneNumber', 'name']);
    expect(guessMapping(['Nomor HP Utama', 'Nama Toko'], [])).toEqual(['phoneNumber', 'name']);
  });

  it('prefers an exact header to one that only contains the word, and uses each once', () => {
    expect(guessMapping(['Nama Toko', 'Nama', 'Telepon Kantor', 'HP'], [])).toEqual([
      'new',
      'name',
      'new',
      'phoneNumber',
    ]);
    // a second 'Nama' cannot be a column ('Nama' is reserved), so it is ignored
    expect(guessMapping(['Nama', 'Nama', 'No HP'], [])).toEqual(['name', 'ignore', 'phoneNumber']);
  });

  it('sends a header equal to a column of the group to that column (any case)', () => {
    expect(guessMapping(['nama', 'hp', 'KOTA', 'Email', 'Tanggal Lahir'], ['Kota', 'Email'])).toEqual([
      'name',
      'phoneNumber',
      'column:Kota',
      'column:Email',
      'new',
    ]);
  });

  it('ignores blank headers, repeated columns and names too long for a column', () => {
    expect(guessMapping(['Nama', 'HP', '', 'Kota', 'kota', 'x'.repeat(51)], [])).toEqual([
      'name',
      'phoneNumber',
      'ignore',
      'new',
      'ignore',
      'ignore',
    ]);
  });

  it('does not take a row number ("No") for the phone number', () => {
    expect(guessMapping(['No', 'Nama', 'Telepon'], [])).toEqual(['new', 'name', 'phoneNumber']);
  });

  it('normalises punctuation and case', () => {
    expect(normalizeHeader('  No.-HP_ ')).toBe('no hp');
  });
});

describe('the mapping as the API takes it', () => {
  it('turns choices into targets', () => {
    expect(choiceToTarget('name', 'Nama')).toEqual({ target: 'name' });
    expect(choiceToTarget('new', ' Kota ')).toEqual({ target: 'column', column: 'Kota' });
    expect(choiceToTarget('column:Email', 'E-mail')).toEqual({ target: 'column', column: 'Email' });
    expect(choiceToTarget('ignore', 'x')).toEqual({ target: 'ignore' });
  });

  it('marks two headers sent to the same place', () => {
    const headers = ['Nama', 'Nama Toko', 'Kota', 'kota', 'HP'];
    expect([...duplicateTargets(['name', 'name', 'new', 'new', 'phoneNumber'], headers)]).toEqual([
      0, 1, 2, 3,
    ]);
    expect(duplicateTargets(['name', 'ignore', 'new', 'ignore', 'phoneNumber'], headers).size).toBe(0);
  });

  it('guesses again for another group, keeping what the user chose unless the column is gone', () => {
    const headers = ['Nama', 'HP', 'Kota', 'Email'];
    const chosen = guessMapping(headers, ['Kota']);
    expect(chosen).toEqual(['name', 'phoneNumber', 'column:Kota', 'new']);
    // the user sent Email nowhere; the new group has Email but no Kota
    const touched = new Set([3]);
    expect(
      adaptMapping(['name', 'phoneNumber', 'column:Kota', 'ignore'], headers, ['Email'], touched),
    ).toEqual(['name', 'phoneNumber', 'new', 'ignore']);
    // a touched choice of a column the new group lacks becomes a new column
    expect(adaptMapping(['name', 'phoneNumber', 'column:Kota', 'new'], headers, [], new Set([2]))).toEqual([
      'name',
      'phoneNumber',
      'new',
      'new',
    ]);
  });
});
