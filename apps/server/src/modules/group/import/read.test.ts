import { describe, expect, it } from 'vitest';
import { CsvEncodingError, CsvFormatError, csvRecords, detectDelimiter } from './csv';
import { cellText } from './read';

async function records(chunks: Uint8Array[], limits?: Parameters<typeof csvRecords>[1]): Promise<string[][]> {
  async function* source() {
    yield* chunks;
  }
  const all: string[][] = [];
  for await (const record of csvRecords(source(), limits)) all.push(record);
  return all;
}

/** The records of `text` given in pieces of `size` bytes (all of it at once by default). */
function parse(text: string, size = Infinity): Promise<string[][]> {
  const bytes = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return records(chunks);
}

describe('CSV parser', () => {
  const text = 'a,"b ""kutip"", koma",c\r\n"baris\r\nbaru",,x"y\n\n"akhir"';
  const expected = [['a', 'b "kutip", koma', 'c'], ['baris\r\nbaru', '', 'x"y'], [''], ['akhir']];

  it('reads quotes, escaped quotes, line breaks in fields and a last line without a break', async () => {
    expect(await parse(text)).toEqual(expected);
  });

  it('gives the same records whatever the pieces the text comes in', async () => {
    for (const size of [1, 2, 3, 5, 7]) expect(await parse(text, size), `size ${size}`).toEqual(expected);
  });

  it('ends records on CR alone and ignores a final line break', async () => {
    expect(await parse('a;b\rc;d\r\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('takes the delimiter from the header line, outside quotes', () => {
    expect(detectDelimiter('Nama;Nomor;Kota')).toBe(';');
    expect(detectDelimiter('"Nama, lengkap";Nomor')).toBe(';');
    expect(detectDelimiter('Nama,Nomor')).toBe(',');
    expect(detectDelimiter('Nama\tNomor')).toBe('\t');
    expect(detectDelimiter('Nama')).toBe(',');
  });

  it('decodes UTF-8 split across chunks, drops a BOM, reads UTF-16 and refuses invalid bytes', async () => {
    const utf8 = Buffer.from('\ufeffNama;Kota\nJosé;Bandung\n');
    const at = utf8.indexOf(0xc3); // inside é
    expect(await records([utf8.subarray(0, at + 1), utf8.subarray(at + 1)])).toEqual([
      ['Nama', 'Kota'],
      ['José', 'Bandung'],
    ]);
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Nama\tKota\nAni\tSolo\n', 'utf16le'),
    ]);
    expect(await records([utf16])).toEqual([
      ['Nama', 'Kota'],
      ['Ani', 'Solo'],
    ]);
    await expect(records([Buffer.from('Nama\nJos\xe9\n', 'latin1')])).rejects.toBeInstanceOf(
      CsvEncodingError,
    );
  });
});

describe('CSV limits', () => {
  it('keeps at most maxFields fields and maxFieldChars characters of each, whatever the line', async () => {
    const limits = { maxFields: 3, maxFieldChars: 5, maxRecordChars: 1_000_000 };
    const wide = `a,b,c${',d'.repeat(100_000)}\n"panjang sekali, ""kutip""",x\n`;
    for (const size of [3, 4096, 64 * 1024]) {
      const bytes = Buffer.from(wide);
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      expect(await records(chunks, limits), `chunks of ${size}`).toEqual([
        ['a', 'b', 'c'],
        ['panja', 'x'],
      ]);
    }
  });

  it('refuses a record longer than maxRecordChars as it is read, without waiting for the end', async () => {
    const limits = { maxFields: 3, maxFieldChars: 5, maxRecordChars: 100_000 };
    await expect(
      records([Buffer.from(`Nama,HP\nBudi,${'8'.repeat(100_001)}\n`)], limits),
    ).rejects.toBeInstanceOf(CsvFormatError);
    // a quote never closed in a text that never ends
    async function* endless() {
      yield Buffer.from('Nama,HP\n"Budi,62812\n');
      for (;;) yield Buffer.from('Ani,62813\n'.repeat(1000));
    }
    const read = async () => {
      for await (const record of csvRecords(endless(), limits)) void record;
    };
    await expect(read()).rejects.toBeInstanceOf(CsvFormatError);
  });

  it('refuses a quote never closed, and a NUL anywhere in the text', async () => {
    await expect(records([Buffer.from('Nama,HP\n"Budi,62812\nAni,62813\n')])).rejects.toBeInstanceOf(
      CsvFormatError,
    );
    // a closing quote as the very last character is fine
    expect(await records([Buffer.from('Nama,HP\n"Budi",62812\n"Ani ""A""",""')])).toEqual([
      ['Nama', 'HP'],
      ['Budi', '62812'],
      ['Ani "A"', ''],
    ]);
    const nul = Buffer.from(`Nama,HP\n${'Budi,62812\n'.repeat(1000)}Ani,\u0000\n`);
    await expect(records([nul.subarray(0, 5000), nul.subarray(5000)])).rejects.toBeInstanceOf(
      CsvEncodingError,
    );
  });
});

describe('cell text', () => {
  it('writes numbers as Excel shows them, never with an exponent', () => {
    expect(cellText(6281234567890)).toBe('6281234567890');
    expect(cellText(81234567890)).toBe('81234567890');
    expect(cellText(1e22)).toBe('10000000000000000000000');
    expect(cellText(0.1 + 0.2)).toBe('0.3');
    expect(cellText(1e-7)).toBe('0.0000001');
    expect(cellText(-12.5)).toBe('-12.5');
  });

  it('writes dates, formulas, rich text, links, booleans and errors as their text', () => {
    expect(cellText(new Date(Date.UTC(2024, 0, 31)))).toBe('2024-01-31');
    expect(cellText(new Date(Date.UTC(2024, 0, 31, 9, 30)))).toBe('2024-01-31 09:30');
    expect(cellText(new Date(Date.UTC(2024, 0, 31, 9, 30, 15)))).toBe('2024-01-31 09:30:15');
    expect(cellText({ formula: 'A1*2', result: 6281234567890 })).toBe('6281234567890');
    expect(cellText({ sharedFormula: 'A1', result: 'teks' })).toBe('teks');
    expect(cellText({ formula: 'A1' })).toBe('');
    expect(cellText({ richText: [{ text: 'Ban' }, { text: 'dung' }] })).toBe('Bandung');
    expect(cellText({ text: 'situs', hyperlink: 'https://x.test' })).toBe('situs');
    expect(cellText({ text: { richText: [{ text: 'a' }] }, hyperlink: 'https://x.test' })).toBe('a');
    expect(cellText(true)).toBe('TRUE');
    expect(cellText({ error: '#N/A' })).toBe('#N/A');
    expect(cellText(null)).toBe('');
  });
});

describe('importedPhone', () => {
  it('gives a number cell that lost its leading 0 back its 0, and leaves the rest alone', async () => {
    const { importedPhone } = await import('./job');
    expect(importedPhone('81234567890')).toBe('081234567890');
    expect(importedPhone('6281234567890')).toBe('6281234567890');
    expect(importedPhone('0812 3456 7890')).toBe('0812 3456 7890');
    expect(importedPhone('8123')).toBe('8123');
  });
});
