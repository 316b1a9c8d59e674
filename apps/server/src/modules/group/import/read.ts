import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { CONTACT_LIMITS, CONTACT_MESSAGES, interpolate } from '@sapa/contracts';
import { AppError } from '../../../lib/errors';
import { CsvEncodingError, CsvFormatError, csvRecords, type CsvLimits } from './csv';
import { ZipError, ZipTooLargeError, checkZip } from './zip';

export type ImportFileType = 'xlsx' | 'csv';

/** Columns read from a file; cells further right are left out. */
export const MAX_COLUMNS = 100;
/** Characters kept of one cell (a value longer than CONTACT_LIMITS.valueMax is refused anyway). */
const MAX_CELL_CHARS = 1000;
/**
 * What the CSV parser keeps of one record, whatever its line: the columns read, and characters enough
 * per field that trimming and then cutting to MAX_CELL_CHARS gives what the whole field would. A
 * record longer than all those fields together (most often a quote never closed) is a broken file.
 */
const CSV_LIMITS: CsvLimits = {
  maxFields: MAX_COLUMNS,
  maxFieldChars: 64 * 1024,
  maxRecordChars: MAX_COLUMNS * 64 * 1024,
};
/** A streaming read that yields nothing for this long is taken as stuck on a broken file. */
const STALL_MS = 60_000;

/** exceljs is large and slow to load: it is imported on the first import, not at boot. */
let excel: Promise<typeof import('exceljs')> | null = null;
export const loadExcel = () =>
  (excel ??= import('exceljs').then((m) => (m.default ?? m) as typeof import('exceljs')));

export class FileStalledError extends Error {}

function refusal(key: keyof typeof CONTACT_MESSAGES, vars: Record<string, number> = {}): AppError {
  return new AppError('VALIDATION', interpolate(CONTACT_MESSAGES[key], vars));
}

/** A non-empty row of the file: its number in the file (the first row is 1) and its cells as text. */
export interface FileRow {
  number: number;
  /** trimmed text, at most MAX_COLUMNS, without empty cells at the end */
  cells: string[];
}

// ---- cell values as text ----

/** Up to 15 significant digits as Excel shows them, never with an exponent: 6281234567890, 0.3. */
const numberFormat = new Intl.NumberFormat('en-US', {
  useGrouping: false,
  maximumSignificantDigits: 15,
});

function numberText(n: number): string {
  if (!Number.isFinite(n)) return '';
  if (Number.isInteger(n) && Math.abs(n) < Number.MAX_SAFE_INTEGER) return String(n);
  return numberFormat.format(n);
}

/** A date as YYYY-MM-DD, with HH:MM(:SS) when it has a time of day (Excel dates are UTC in exceljs). */
function dateText(d: Date): string {
  const ms = d.getTime();
  if (Number.isNaN(ms)) return '';
  // Excel's day fractions land a few microseconds off whole seconds
  const iso = new Date(Math.round(ms / 1000) * 1000).toISOString();
  const day = iso.slice(0, 10);
  const time = iso.slice(11, 19);
  if (time === '00:00:00') return day;
  return `${day} ${time.endsWith(':00') ? time.slice(0, 5) : time}`;
}

/** An exceljs cell value as the text it shows: formulas by their result, rich text and links by their text. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      return numberText(value);
    case 'boolean':
      return value ? 'TRUE' : 'FALSE';
    case 'object': {
      if (value instanceof Date) return dateText(value);
      const v = value as Record<string, unknown>;
      if (Array.isArray(v.richText)) {
        return (v.richText as { text?: unknown }[]).map((run) => cellText(run.text)).join('');
      }
      if ('formula' in v || 'sharedFormula' in v) return cellText(v.result);
      if ('text' in v) return cellText(v.text);
      if ('error' in v) return cellText(v.error);
      return '';
    }
    default:
      return '';
  }
}

/** Cells as trimmed text (capped), without the empty ones at the end; null for a row with no text at all. */
function tidy(cells: ArrayLike<unknown>, from: number, toText: (v: unknown) => string): string[] | null {
  const out: string[] = [];
  let last = -1;
  const end = Math.min(cells.length, from + MAX_COLUMNS);
  for (let i = from; i < end; i++) {
    let text = toText(cells[i]).trim();
    if (text.length > MAX_CELL_CHARS) text = text.slice(0, MAX_CELL_CHARS);
    out.push(text);
    if (text) last = out.length - 1;
  }
  if (last < 0) return null;
  out.length = last + 1;
  return out;
}

// ---- rows of each kind of file ----

/** Opens the stored file from its start, for every read of it. */
export type OpenFile = () => Readable | Promise<Readable>;

/** The non-empty rows of the first worksheet of an xlsx (which must have passed checkZip). */
async function* worksheetRows(stream: Readable): AsyncGenerator<FileRow> {
  const ExcelJS = await loadExcel();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    // the number formats say which numbers are dates
    styles: 'cache',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let sheets = 0;
  for await (const sheet of reader) {
    sheets++;
    for await (const row of sheet) {
      // values[0] is unused: columns count from 1
      const cells = tidy(row.values as unknown[], 1, cellText);
      if (cells) yield { number: row.number, cells };
    }
    break; // the first worksheet only
  }
  if (!sheets) throw new ZipError('no worksheet');
}

/**
 * exceljs' streaming reader now and then (about one read in 150) loses part of xl/workbook.xml - a
 * race in how it iterates the zip entry's stream - and then fails on the first worksheet with this
 * TypeError, before any row. The same file read again is fine.
 */
function isWorkbookReadRace(error: unknown): boolean {
  return error instanceof TypeError && error.message.includes("reading 'sheets'");
}

/** worksheetRows, read once more from a fresh stream when exceljs' race fails it before the first row. */
async function* xlsxRows(open: OpenFile): AsyncGenerator<FileRow> {
  let rows = 0;
  for (let attempt = 1; ; attempt++) {
    const stream = await open();
    try {
      for await (const row of worksheetRows(stream)) {
        rows++;
        yield row;
      }
      return;
    } catch (error) {
      if (rows > 0 || attempt > 1 || !isWorkbookReadRace(error)) throw error;
    } finally {
      stream.destroy();
    }
  }
}

/** The non-empty records of a CSV; the number is the record's (a quoted line break stays in its record). */
async function* csvRows(open: OpenFile): AsyncGenerator<FileRow> {
  const stream = await open();
  try {
    let number = 0;
    for await (const record of csvRecords(stream, CSV_LIMITS)) {
      number++;
      const cells = tidy(record, 0, (v) => v as string);
      if (cells) yield { number, cells };
    }
  } finally {
    stream.destroy();
  }
}

/**
 * The non-empty rows of a stored import file, streamed from the streams `open` gives (an xlsx may be
 * read twice, see xlsxRows). A read that stops making progress (a broken file the parser waits on
 * forever) fails with FileStalledError; the streams are destroyed when the caller stops early or the
 * read fails.
 */
export async function* fileRows(open: OpenFile, type: ImportFileType): AsyncGenerator<FileRow> {
  const opened: Readable[] = [];
  const tracked: OpenFile = async () => {
    const stream = await open();
    opened.push(stream);
    return stream;
  };
  const rows = type === 'xlsx' ? xlsxRows(tracked) : csvRows(tracked);
  try {
    for (;;) {
      let timer: NodeJS.Timeout | undefined;
      const stalled = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new FileStalledError('file read stalled')), STALL_MS);
      });
      let next: IteratorResult<FileRow>;
      try {
        next = await Promise.race([rows.next(), stalled]);
      } finally {
        clearTimeout(timer);
      }
      if (next.done) return;
      yield next.value;
    }
  } finally {
    for (const stream of opened) stream.destroy();
    // a stalled generator cannot be closed: its pending step never settles
    void rows.return(undefined).catch(() => {});
  }
}

// ---- the upload's first read ----

export interface InspectedFile {
  type: ImportFileType;
  headers: string[];
  preview: string[][];
  totalRows: number;
}

const CSV_TYPES = new Set([
  'text/csv',
  'text/plain',
  'application/csv',
  'text/comma-separated-values',
  'text/x-csv',
  // what browsers on Windows declare for .csv when Excel is installed
  'application/vnd.ms-excel',
]);

/** What the upload is, from its first bytes and then its name and declared type. */
async function detectType(file: string, name: string, mimetype: string): Promise<ImportFileType> {
  const handle = await fs.promises.open(file, 'r');
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  if (head.length >= 4 && head.readUInt32LE(0) === 0x04034b50) return 'xlsx';
  const csvLike = /\.(csv|txt)$/i.test(name) || CSV_TYPES.has(mimetype.toLowerCase());
  if (!csvLike) throw refusal('importFileType');
  const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
  // binary bytes, or a web page or XML document given a .csv name
  if (!utf16 && head.includes(0)) throw refusal('importFileType');
  const start = head
    .toString('latin1', 0, 256)
    .replace(/^\ufeff|^\xef\xbb\xbf/, '')
    .trimStart();
  if (/^<(!doctype|html|\?xml|svg)/i.test(start)) throw refusal('importFileType');
  return 'csv';
}

function headerName(text: string, index: number): string {
  return text || `Kolom ${index + 1}`;
}

/** Cells stretched or cut to `width`. */
export function fit(cells: string[], width: number): string[] {
  if (cells.length === width) return cells;
  if (cells.length > width) return cells.slice(0, width);
  return [...cells, ...Array<string>(width - cells.length).fill('')];
}

/**
 * Reads a whole uploaded file once, streamed: its kind, its header (the first non-empty row; blank
 * names become 'Kolom N'), the first rows for the mapping step and the number of non-empty rows after
 * the header. Refuses (AppError) what is not an xlsx or CSV, a broken file, no data and too many rows.
 */
export async function inspectFile(file: string, name: string, mimetype: string): Promise<InspectedFile> {
  const type = await detectType(file, name, mimetype);
  if (type === 'xlsx') {
    let names: string[];
    try {
      names = await checkZip(file);
    } catch (error) {
      if (error instanceof ZipTooLargeError) throw refusal('importContentTooLarge');
      if (error instanceof ZipError) throw refusal('importFileCorrupt');
      throw error;
    }
    // a zip, but not a workbook (a .docx, an archive renamed)
    if (!names.includes('xl/workbook.xml')) throw refusal('importFileType');
  }
  let header: string[] | null = null;
  const preview: string[][] = [];
  let totalRows = 0;
  let width = 0;
  try {
    for await (const row of fileRows(() => fs.createReadStream(file), type)) {
      if (!header) {
        header = row.cells;
        width = header.length;
        continue;
      }
      totalRows++;
      if (totalRows > CONTACT_LIMITS.importRowsMax) {
        throw refusal('importTooManyRows', { max: CONTACT_LIMITS.importRowsMax });
      }
      width = Math.max(width, row.cells.length);
      if (preview.length < CONTACT_LIMITS.importPreviewRows) preview.push(row.cells);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (
      error instanceof CsvEncodingError ||
      error instanceof CsvFormatError ||
      error instanceof ZipError ||
      error instanceof FileStalledError
    ) {
      throw refusal('importFileCorrupt');
    }
    // exceljs and its XML parser throw plain errors on malformed parts
    if (type === 'xlsx' && !(error as { syscall?: string }).syscall) throw refusal('importFileCorrupt');
    throw error;
  }
  if (!header || totalRows === 0) throw refusal('importFileEmpty');
  return {
    type,
    headers: fit(header, width).map(headerName),
    preview: preview.map((cells) => fit(cells, width)),
    totalRows,
  };
}
