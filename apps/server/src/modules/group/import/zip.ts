import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Transform, Writable } from 'node:stream';
import zlib from 'node:zlib';

/** The zip cannot be read: a broken directory, a bad checksum, an unsupported method, hidden data. */
export class ZipError extends Error {}

/** The zip is well formed but opens to more than we read: too many files, too many bytes, a bomb. */
export class ZipTooLargeError extends ZipError {}

/** One file of a zip, from its central directory. */
export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;
const DESCRIPTOR_SIGNATURE = Buffer.from([0x50, 0x4b, 0x07, 0x08]);
const FLAG_ENCRYPTED = 0x1;
/** general purpose bit 3: the local header's CRC and sizes are zero, a data descriptor follows the data */
const FLAG_DESCRIPTOR = 0x8;
const MAX_ENTRIES = 10_000;
/** Inflated bytes allowed in one file of the zip, and in all of them: a 10 MiB zip bomb stops here. */
const MAX_ENTRY_BYTES = 256 * 1024 * 1024;
const MAX_TOTAL_BYTES = 512 * 1024 * 1024;
/**
 * Inflated bytes per compressed byte allowed in a file of the zip that opens to more than
 * RATIO_FLOOR_BYTES. Worksheets written by Excel and exceljs inflate 10-15 times; deflate's most is
 * about 1032, reached only by runs of one byte.
 */
const MAX_RATIO = 100;
const RATIO_FLOOR_BYTES = 1024 * 1024;

async function readAt(handle: fs.promises.FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  if (length === 0) return buffer;
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  if (bytesRead !== length) throw new ZipError('zip cut short');
  return buffer;
}

/** The central directory's entries and where it starts. */
interface Directory {
  entries: ZipEntry[];
  offset: number;
}

/**
 * The central directory's entries (zip64 included), without reading any file's data. The end records
 * must close the file exactly (a comment up to its last byte) and the directory must run without a
 * gap into them: nothing can sit after the last entry for a streaming reader to find.
 */
async function centralDirectory(handle: fs.promises.FileHandle, fileSize: number): Promise<Directory> {
  const tailLength = Math.min(fileSize, 22 + 0xffff);
  if (tailLength < 22) throw new ZipError('not a zip');
  const tailStart = fileSize - tailLength;
  const tail = await readAt(handle, tailStart, tailLength);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new ZipError('no end of central directory');
  if (at + 22 + tail.readUInt16LE(at + 20) !== tail.length) throw new ZipError('bytes after the zip');
  if (tail.readUInt16LE(at + 4) !== 0 || tail.readUInt16LE(at + 6) !== 0) throw new ZipError('split zip');
  const eocdAt = tailStart + at;
  let count = tail.readUInt16LE(at + 10);
  let dirSize = tail.readUInt32LE(at + 12);
  let dirOffset = tail.readUInt32LE(at + 16);
  let dirEnd = eocdAt;
  if (count === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff) {
    const locatorAt = eocdAt - 20;
    if (locatorAt < 0) throw new ZipError('bad zip64');
    const locator = await readAt(handle, locatorAt, 20);
    if (locator.readUInt32LE(0) !== ZIP64_LOCATOR) throw new ZipError('bad zip64');
    const recordOffset = Number(locator.readBigUInt64LE(8));
    if (recordOffset + 56 > locatorAt) throw new ZipError('bad zip64 record');
    const record = await readAt(handle, recordOffset, 56);
    if (record.readUInt32LE(0) !== ZIP64_EOCD) throw new ZipError('bad zip64 record');
    if (recordOffset + 12 + Number(record.readBigUInt64LE(4)) !== locatorAt) {
      throw new ZipError('bytes around the zip64 record');
    }
    count = Number(record.readBigUInt64LE(32));
    dirSize = Number(record.readBigUInt64LE(40));
    dirOffset = Number(record.readBigUInt64LE(48));
    dirEnd = recordOffset;
  }
  if (count > MAX_ENTRIES) throw new ZipTooLargeError('too many entries');
  if (dirOffset + dirSize !== dirEnd) throw new ZipError('bad central directory');
  const dir = await readAt(handle, dirOffset, dirSize);
  const entries: ZipEntry[] = [];
  let p = 0;
  for (let i = 0; i < count; i++) {
    if (p + 46 > dir.length || dir.readUInt32LE(p) !== CENTRAL) throw new ZipError('bad central entry');
    const nameLength = dir.readUInt16LE(p + 28);
    const extraLength = dir.readUInt16LE(p + 30);
    const commentLength = dir.readUInt16LE(p + 32);
    if (p + 46 + nameLength + extraLength + commentLength > dir.length) throw new ZipError('bad entry');
    const entry: ZipEntry = {
      name: dir.toString('utf8', p + 46, p + 46 + nameLength),
      flags: dir.readUInt16LE(p + 8),
      method: dir.readUInt16LE(p + 10),
      crc: dir.readUInt32LE(p + 16),
      compressedSize: dir.readUInt32LE(p + 20),
      size: dir.readUInt32LE(p + 24),
      localOffset: dir.readUInt32LE(p + 42),
    };
    // zip64 sizes and offset, in that order, for the fields that overflowed
    const zip64 = extraField(dir, p + 46 + nameLength, extraLength, 0x0001);
    if (zip64) {
      let q = zip64.start;
      const next = () => {
        if (q + 8 > zip64.end) throw new ZipError('bad zip64 extra');
        const value = Number(dir.readBigUInt64LE(q));
        q += 8;
        return value;
      };
      if (entry.size === 0xffffffff) entry.size = next();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
      if (entry.localOffset === 0xffffffff) entry.localOffset = next();
    }
    entries.push(entry);
    p += 46 + nameLength + extraLength + commentLength;
  }
  // the count must account for the whole directory: a reader walking it would meet what follows
  if (p !== dir.length) throw new ZipError('bytes in the central directory');
  return { entries, offset: dirOffset };
}

/** The data of the first extra field `id` among `length` bytes of extra fields at `from`. */
function extraField(
  buffer: Buffer,
  from: number,
  length: number,
  id: number,
): { start: number; end: number } | null {
  let e = from;
  const end = from + length;
  while (e + 4 <= end) {
    const size = buffer.readUInt16LE(e + 2);
    if (e + 4 + size > end) throw new ZipError('bad extra field');
    if (buffer.readUInt16LE(e) === id) return { start: e + 4, end: e + 4 + size };
    e += 4 + size;
  }
  return null;
}

/** A pass-through that notes whether the data descriptor's signature appears in the bytes. */
function signatureScan(): { stream: Transform; found(): boolean } {
  let carry = Buffer.alloc(0);
  let found = false;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (!found) {
        const window = Buffer.concat([carry, chunk]);
        if (window.indexOf(DESCRIPTOR_SIGNATURE) >= 0) found = true;
        carry = window.subarray(Math.max(0, window.length - 3));
      }
      done(null, chunk);
    },
  });
  return { stream, found: () => found };
}

/**
 * Checks one entry against its local header, as a streaming reader (exceljs uses unzipper's Parse)
 * meets it: the same name, method and sizes, the data where the directory says, and a data
 * descriptor whose signature first appears right after the data (such a reader finds the end of the
 * data by looking for it). Inflates the data, checking its size and CRC-32 (the bytes are discarded).
 * Returns where the entry ends: the next entry's local header must start there.
 */
async function checkEntry(
  file: string,
  handle: fs.promises.FileHandle,
  entry: ZipEntry,
  limit: number,
): Promise<number> {
  if (entry.flags & FLAG_ENCRYPTED) throw new ZipError('encrypted entry');
  if (entry.method !== 0 && entry.method !== 8) throw new ZipError('unsupported compression');
  if (entry.size > MAX_ENTRY_BYTES) throw new ZipTooLargeError('entry too large');
  if (entry.size > RATIO_FLOOR_BYTES && entry.size > MAX_RATIO * entry.compressedSize) {
    throw new ZipTooLargeError('entry inflates too much');
  }
  if (entry.localOffset + 30 > limit) throw new ZipError('bad entry offset');
  const local = await readAt(handle, entry.localOffset, 30);
  if (local.readUInt32LE(0) !== LOCAL) throw new ZipError('bad local header');
  const flags = local.readUInt16LE(6);
  const nameLength = local.readUInt16LE(26);
  const extraLength = local.readUInt16LE(28);
  const dataStart = entry.localOffset + 30 + nameLength + extraLength;
  if (dataStart > limit) throw new ZipError('bad local header');
  const rest = await readAt(handle, entry.localOffset + 30, nameLength + extraLength);
  if (rest.toString('utf8', 0, nameLength) !== entry.name) throw new ZipError('local name differs');
  if (local.readUInt16LE(8) !== entry.method || (flags & 0x9) !== (entry.flags & 0x9)) {
    throw new ZipError('local header differs');
  }
  let compressedSize = local.readUInt32LE(18);
  let size = local.readUInt32LE(22);
  if (compressedSize === 0xffffffff || size === 0xffffffff) {
    // a local zip64 field holds both sizes, the original first
    const zip64 = extraField(rest, nameLength, extraLength, 0x0001);
    if (!zip64 || zip64.end - zip64.start < 16) throw new ZipError('bad local zip64');
    if (size === 0xffffffff) size = Number(rest.readBigUInt64LE(zip64.start));
    if (compressedSize === 0xffffffff) compressedSize = Number(rest.readBigUInt64LE(zip64.start + 8));
  }
  // unzipper takes the local sizes whenever they are not zero, and looks for a descriptor otherwise
  const descriptor = (flags & FLAG_DESCRIPTOR) !== 0 && compressedSize === 0;
  if (flags & FLAG_DESCRIPTOR && !descriptor) throw new ZipError('sizes and a data descriptor');
  if (!descriptor) {
    if (
      compressedSize !== entry.compressedSize ||
      size !== entry.size ||
      local.readUInt32LE(14) !== entry.crc
    ) {
      throw new ZipError('local sizes differ');
    }
  }
  const dataEnd = dataStart + entry.compressedSize;
  const end = dataEnd + (descriptor ? 16 : 0);
  if (end > limit) throw new ZipError('entry overruns');
  if (descriptor) {
    const record = await readAt(handle, dataEnd, 16);
    if (
      record.readUInt32LE(0) !== DESCRIPTOR ||
      record.readUInt32LE(4) !== entry.crc ||
      record.readUInt32LE(8) !== entry.compressedSize ||
      record.readUInt32LE(12) !== entry.size
    ) {
      throw new ZipError('bad data descriptor');
    }
  }

  let inflated = 0;
  let crc = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      inflated += chunk.length;
      if (inflated > entry.size) return done(new ZipError('entry larger than declared'));
      crc = zlib.crc32(chunk, crc);
      done();
    },
  });
  const scan = signatureScan();
  try {
    if (entry.compressedSize > 0) {
      const source = fs.createReadStream(file, { start: dataStart, end: dataEnd - 1 });
      if (entry.method === 8) await pipeline(source, scan.stream, zlib.createInflateRaw(), sink);
      else await pipeline(source, scan.stream, sink);
    }
  } catch (error) {
    if (error instanceof ZipError) throw error;
    throw new ZipError(`entry unreadable: ${(error as Error).message}`);
  }
  if (inflated !== entry.size || crc !== entry.crc) throw new ZipError('checksum mismatch');
  // a streaming reader would end the data at the first signature and read on from there
  if (descriptor && scan.found()) throw new ZipError('descriptor signature inside the data');
  return end;
}

/**
 * Reads the whole zip once and checks every file in it (sizes, CRC-32, inflated bytes capped), so that
 * a streaming reader given it afterwards never meets broken data: exceljs waits forever on an entry
 * whose inflate fails. exceljs reads the local headers from the first byte on, never the central
 * directory, so the two must describe the same files: the local entries must follow one another
 * from offset 0 to the directory, one for each of its entries, with nothing before, between or
 * after them (an entry the directory does not list, two entries sharing data, one inside another).
 * Returns the names of the files; throws ZipError (ZipTooLargeError past the limits).
 */
export async function checkZip(file: string): Promise<string[]> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { size: fileSize } = await handle.stat();
    const { entries, offset } = await centralDirectory(handle, fileSize);
    const names = new Set<string>();
    let total = 0;
    for (const entry of entries) {
      if (names.has(entry.name)) throw new ZipError('two entries of one name');
      names.add(entry.name);
      total += entry.size;
    }
    if (total > MAX_TOTAL_BYTES) throw new ZipTooLargeError('zip too large when inflated');
    let at = 0;
    for (const entry of [...entries].sort((a, b) => a.localOffset - b.localOffset)) {
      if (entry.localOffset !== at) throw new ZipError('entries do not follow one another');
      at = await checkEntry(file, handle, entry, offset);
    }
    if (at !== offset) throw new ZipError('bytes before the central directory');
    return entries.map((entry) => entry.name);
  } finally {
    await handle.close();
  }
}
