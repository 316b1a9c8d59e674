import { Readable, pipeline } from 'node:stream';
import { TextDecoder } from 'node:util';
import { CsvError, parse } from 'csv-parse';

/** The text is not valid in its encoding (UTF-8, or UTF-16 with its byte order mark), or holds a NUL. */
export class CsvEncodingError extends Error {}

/** The text ends inside a quoted field (a stray quote that would swallow every line after it), or a record is too long. */
export class CsvFormatError extends Error {}

/**
 * What one record may hold: fields past `maxFields` are dropped, a field keeps `maxFieldChars`, and a
 * record of more than `maxRecordChars` characters (most often a quote never closed) is refused with
 * CsvFormatError while it is read.
 */
export interface CsvLimits {
  maxFields: number;
  maxFieldChars: number;
  maxRecordChars: number;
}

const UNLIMITED: CsvLimits = { maxFields: Infinity, maxFieldChars: Infinity, maxRecordChars: Infinity };

/**
 * A line is split into at most this many fields (Excel's column count), the rest of it being the last
 * field: a line of nothing but delimiters cannot make a record of millions of fields. No CSV a
 * spreadsheet writes has more columns, so quoted fields keep their meaning in every one of them.
 */
const SPLIT_FIELDS = 16_384;

/** Header text searched for the delimiter when no line break comes sooner. */
const HEADER_SEARCH_CHARS = 1024 * 1024;

/**
 * The delimiter of the header line: whichever of comma, semicolon (Excel in Indonesian and other
 * locales with a decimal comma) and tab appears most outside quotes; a comma when none does.
 */
export function detectDelimiter(firstLine: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let inQuotes = false;
  for (const ch of firstLine) {
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ',';
  for (const [delimiter, count] of counts) if (count > counts.get(best)!) best = delimiter;
  return best;
}

/** The decoder for these first bytes: UTF-16 when they carry its byte order mark, else strict UTF-8. */
function decoderFor(head: Uint8Array): TextDecoder {
  if (head[0] === 0xff && head[1] === 0xfe) return new TextDecoder('utf-16le', { fatal: true });
  if (head[0] === 0xfe && head[1] === 0xff) return new TextDecoder('utf-16be', { fatal: true });
  // strips a UTF-8 byte order mark
  return new TextDecoder('utf-8', { fatal: true });
}

/**
 * The bytes as text, decoded as they come (a byte order mark dropped). Throws CsvEncodingError on
 * bytes that are not text in the encoding or on a NUL (binary data; PostgreSQL text cannot hold it).
 */
async function* decodedText(source: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  let decoder: TextDecoder | null = null;
  const decode = (chunk: Uint8Array | undefined): string => {
    let text: string;
    try {
      text = chunk ? decoder!.decode(chunk, { stream: true }) : decoder!.decode();
    } catch {
      throw new CsvEncodingError('invalid text');
    }
    if (text.includes('\0')) throw new CsvEncodingError('NUL in text');
    return text;
  };
  for await (const chunk of source) {
    decoder ??= decoderFor(chunk);
    const text = decode(chunk);
    if (text) yield text;
  }
  if (!decoder) return;
  const rest = decode(undefined);
  if (rest) yield rest;
}

/** The first text, up to the end of the header line, and the rest of the text after it. */
async function header(
  texts: AsyncIterator<string>,
): Promise<{ head: string; firstLine: string; rest: AsyncGenerator<string> }> {
  let head = '';
  let lineEnd = -1;
  let done = false;
  while (lineEnd < 0 && head.length < HEADER_SEARCH_CHARS) {
    const next = await texts.next();
    if (next.done) {
      done = true;
      break;
    }
    // only the new text is searched: a long header line in small chunks stays linear
    const found = next.value.search(/[\r\n]/);
    if (found >= 0) lineEnd = head.length + found;
    head += next.value;
  }
  async function* rest(): AsyncGenerator<string> {
    try {
      while (!done) {
        const next = await texts.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      await texts.return?.();
    }
  }
  return { head, firstLine: lineEnd < 0 ? head : head.slice(0, lineEnd), rest: rest() };
}

/**
 * The records of a CSV file as arrays of fields, streamed through csv-parse (RFC 4180: quoted fields
 * with "" for a quote, delimiters and line breaks inside; CRLF, LF or CR line ends; a quote in the
 * middle of an unquoted field kept as text; an empty line as ['']). The bytes are decoded as they come
 * (a byte order mark dropped) and the delimiter is taken from the header line. `limits` bound what one
 * record keeps whatever the line. Throws CsvEncodingError on bytes that are not text in the encoding
 * or on a NUL, CsvFormatError on a quote never closed or a record longer than `maxRecordChars`.
 */
export async function* csvRecords(
  source: AsyncIterable<Uint8Array>,
  limits: CsvLimits = UNLIMITED,
): AsyncGenerator<string[]> {
  const texts = decodedText(source);
  const { head, firstLine, rest } = await header(texts);
  if (!head) {
    await rest.return(undefined);
    return;
  }
  const { maxFields, maxFieldChars, maxRecordChars } = limits;
  const parser = parse({
    delimiter: detectDelimiter(firstLine),
    record_delimiter: ['\r\n', '\n', '\r'],
    // the text is decoded already, its byte order mark dropped
    bom: false,
    relax_quotes: true,
    relax_column_count: true,
    ignore_last_delimiters: Number.isFinite(maxFields) ? Math.max(SPLIT_FIELDS, maxFields + 1) : false,
    max_record_size: Number.isFinite(maxRecordChars) ? maxRecordChars : 0,
    on_record: (record: string[]) => {
      const kept = record.length > maxFields ? record.slice(0, maxFields) : record;
      return kept.map((field) => (field.length > maxFieldChars ? field.slice(0, maxFieldChars) : field));
    },
  });
  async function* text(): AsyncGenerator<string> {
    yield head;
    yield* rest;
  }
  // a failure of the decoding reaches the parser, and its reader, as it is
  pipeline(Readable.from(text()), parser, () => {});
  try {
    for await (const record of parser as AsyncIterable<string[]>) yield record;
  } catch (error) {
    if (error instanceof CsvError) {
      throw new CsvFormatError(
        error.code === 'CSV_QUOTE_NOT_CLOSED' ? 'unterminated quoted field' : error.message,
        { cause: error },
      );
    }
    throw error;
  }
}
