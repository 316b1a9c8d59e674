import { TextDecoder } from 'node:util';

/** The text is not valid in its encoding (UTF-8, or UTF-16 with its byte order mark), or holds a NUL. */
export class CsvEncodingError extends Error {}

/** The text ends inside a quoted field: a stray quote that would swallow every line after it. */
export class CsvFormatError extends Error {}

/** What one record may hold: fields past `maxFields` are dropped, a field keeps `maxFieldChars`. */
export interface CsvLimits {
  maxFields: number;
  maxFieldChars: number;
}

const UNLIMITED: CsvLimits = { maxFields: Infinity, maxFieldChars: Infinity };

const QUOTE = 34;
const LF = 10;
const CR = 13;

/**
 * An RFC 4180 parser fed text in pieces: quoted fields (with "" for a quote, delimiters and line
 * breaks inside), CRLF, LF or CR line ends. A quote in the middle of an unquoted field is kept as text.
 * Records come out as arrays of fields, an empty line as [''].
 */
export class CsvParser {
  private field = '';
  private record: string[] = [];
  private inQuotes = false;
  /** inside quotes, the previous character was a quote: either "" or the closing one */
  private quoteSeen = false;
  private skipLineFeed = false;
  private atFieldStart = true;
  private recordStarted = false;
  private readonly delimiter: number;

  /**
   * `limits` bound the memory one record takes whatever the line (a line of ten million commas, a
   * quote never closed): the fields and characters past them are read and dropped.
   */
  constructor(
    delimiter: string,
    private readonly limits: CsvLimits = UNLIMITED,
  ) {
    this.delimiter = delimiter.charCodeAt(0);
  }

  /** Adds text to the current field, up to the field limit. */
  private append(text: string): void {
    const room = this.limits.maxFieldChars - this.field.length;
    if (room <= 0 || !text) return;
    this.field += text.length > room ? text.slice(0, room) : text;
  }

  /** Ends the current field, keeping it when the record has room. */
  private pushField(): void {
    if (this.record.length < this.limits.maxFields) this.record.push(this.field);
    this.field = '';
  }

  /** Parses `text`, appending the records it completes to `out`. */
  push(text: string, out: string[][]): void {
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (this.skipLineFeed) {
        this.skipLineFeed = false;
        if (c === LF) {
          start = i + 1;
          continue;
        }
      }
      this.recordStarted = true;
      if (this.inQuotes) {
        if (!this.quoteSeen) {
          if (c === QUOTE) {
            this.append(text.slice(start, i));
            this.quoteSeen = true;
            start = i + 1;
          }
          continue;
        }
        this.quoteSeen = false;
        if (c === QUOTE) {
          this.append('"');
          start = i + 1;
          continue;
        }
        // the quote before was the closing one: this character is outside the quotes
        this.inQuotes = false;
        start = i;
      }
      if (c === this.delimiter) {
        this.append(text.slice(start, i));
        this.pushField();
        this.atFieldStart = true;
        start = i + 1;
      } else if (c === LF || c === CR) {
        this.append(text.slice(start, i));
        this.endRecord(out);
        start = i + 1;
        if (c === CR) this.skipLineFeed = true;
      } else if (c === QUOTE && this.atFieldStart) {
        this.inQuotes = true;
        this.atFieldStart = false;
        start = i + 1;
      } else {
        this.atFieldStart = false;
      }
    }
    this.append(text.slice(start));
  }

  /**
   * The last record when the text does not end with a line break. Throws CsvFormatError when the text
   * ends inside a quoted field (a quote after it, as in `"a""`, closes the field and is fine).
   */
  end(out: string[][]): void {
    if (this.inQuotes && !this.quoteSeen) throw new CsvFormatError('unterminated quoted field');
    if (this.recordStarted) this.endRecord(out);
  }

  private endRecord(out: string[][]): void {
    this.pushField();
    out.push(this.record);
    this.record = [];
    this.inQuotes = false;
    this.quoteSeen = false;
    this.atFieldStart = true;
    this.recordStarted = false;
  }
}

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
 * The records of a CSV file as arrays of fields, streamed: the bytes are decoded as they come (a byte
 * order mark dropped), the delimiter is taken from the header line, and at most one chunk's records
 * are held at a time. Throws CsvEncodingError on bytes that are not text in the encoding or on a NUL
 * (binary data; PostgreSQL text cannot hold it), CsvFormatError on a quote never closed.
 */
export async function* csvRecords(
  source: AsyncIterable<Uint8Array>,
  limits: CsvLimits = UNLIMITED,
): AsyncGenerator<string[][]> {
  let decoder: TextDecoder | null = null;
  let parser: CsvParser | null = null;
  let pending = '';
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
    const out: string[][] = [];
    if (!parser) {
      // the delimiter is known once the header line is complete
      // only the new text is searched: a long header line in small chunks stays linear
      const found = text.search(/[\r\n]/);
      const lineEnd = found < 0 ? -1 : pending.length + found;
      pending += text;
      if (lineEnd < 0 && pending.length < 1024 * 1024) continue;
      parser = new CsvParser(detectDelimiter(lineEnd < 0 ? pending : pending.slice(0, lineEnd)), limits);
      parser.push(pending, out);
      pending = '';
    } else parser.push(text, out);
    if (out.length) yield out;
  }
  if (!decoder) return;
  const out: string[][] = [];
  const rest = decode(undefined);
  parser ??= new CsvParser(detectDelimiter((pending + rest).split(/[\r\n]/)[0] ?? ''), limits);
  parser.push(pending + rest, out);
  parser.end(out);
  if (out.length) yield out;
}
