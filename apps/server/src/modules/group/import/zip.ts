import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import zlib from 'node:zlib';

/** The zip cannot be read: a broken directory, a bad checksum, an unsupported method or a bomb. */
export class ZipError extends Error {}

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
const MAX_ENTRIES = 10_000;
/** Inflated bytes allowed in one file of the zip, and in all of them: a 10 MiB zip bomb stops here. */
const MAX_ENTRY_BYTES = 256 * 1024 * 1024;
const MAX_TOTAL_BYTES = 512 * 1024 * 1024;

async function readAt(handle: fs.promises.FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  if (bytesRead !== length) throw new ZipError('zip cut short');
  return buffer;
}

/** The central directory's entries (zip64 included), without reading any file's data. */
async function centralDirectory(handle: fs.promises.FileHandle, fileSize: number): Promise<ZipEntry[]> {
  const tailLength = Math.min(fileSize, 22 + 0xffff);
  if (tailLength < 22) throw new ZipError('not a zip');
  const tail = await readAt(handle, fileSize - tailLength, tailLength);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new ZipError('no end of central directory');
  let count = tail.readUInt16LE(at + 10);
  let dirSize = tail.readUInt32LE(at + 12);
  let dirOffset = tail.readUInt32LE(at + 16);
  if (count === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff) {
    const locatorAt = at - 20;
    if (locatorAt < 0 || tail.readUInt32LE(locatorAt) !== ZIP64_LOCATOR) throw new ZipError('bad zip64');
    const recordOffset = Number(tail.readBigUInt64LE(locatorAt + 8));
    const record = await readAt(handle, recordOffset, 56);
    if (record.readUInt32LE(0) !== ZIP64_EOCD) throw new ZipError('bad zip64 record');
    count = Number(record.readBigUInt64LE(32));
    dirSize = Number(record.readBigUInt64LE(40));
    dirOffset = Number(record.readBigUInt64LE(48));
  }
  if (count > MAX_ENTRIES || dirOffset + dirSize > fileSize) throw new ZipError('bad central directory');
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
    let e = p + 46 + nameLength;
    const extraEnd = e + extraLength;
    while (e + 4 <= extraEnd) {
      const id = dir.readUInt16LE(e);
      const length = dir.readUInt16LE(e + 2);
      if (id === 0x0001) {
        let q = e + 4;
        const next = () => {
          if (q + 8 > e + 4 + length) throw new ZipError('bad zip64 extra');
          const value = Number(dir.readBigUInt64LE(q));
          q += 8;
          return value;
        };
        if (entry.size === 0xffffffff) entry.size = next();
        if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
        if (entry.localOffset === 0xffffffff) entry.localOffset = next();
      }
      e += 4 + length;
    }
    entries.push(entry);
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Inflates one entry, checking its size and CRC-32 against the directory; the bytes are discarded. */
async function checkEntry(file: string, handle: fs.promises.FileHandle, entry: ZipEntry): Promise<void> {
  if (entry.flags & 0x1) throw new ZipError('encrypted entry');
  if (entry.method !== 0 && entry.method !== 8) throw new ZipError('unsupported compression');
  if (entry.size > MAX_ENTRY_BYTES) throw new ZipError('entry too large');
  const local = await readAt(handle, entry.localOffset, 30);
  if (local.readUInt32LE(0) !== LOCAL) throw new ZipError('bad local header');
  const dataStart = entry.localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  let size = 0;
  let crc = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > entry.size) return done(new ZipError('entry larger than declared'));
      crc = zlib.crc32(chunk, crc);
      done();
    },
  });
  try {
    if (entry.compressedSize > 0) {
      const source = fs.createReadStream(file, {
        start: dataStart,
        end: dataStart + entry.compressedSize - 1,
      });
      if (entry.method === 8) await pipeline(source, zlib.createInflateRaw(), sink);
      else await pipeline(source, sink);
    }
  } catch (error) {
    if (error instanceof ZipError) throw error;
    throw new ZipError(`entry unreadable: ${(error as Error).message}`);
  }
  if (size !== entry.size || crc !== entry.crc) throw new ZipError('checksum mismatch');
}

/**
 * Reads the whole zip once and checks every file in it (sizes, CRC-32, inflated bytes capped), so that
 * a streaming reader given it afterwards never meets broken data: exceljs waits forever on an entry
 * whose inflate fails. Returns the names of the files; throws ZipError.
 */
export async function checkZip(file: string): Promise<string[]> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { size: fileSize } = await handle.stat();
    const entries = await centralDirectory(handle, fileSize);
    let total = 0;
    for (const entry of entries) {
      total += entry.size;
      if (total > MAX_TOTAL_BYTES) throw new ZipError('zip too large when inflated');
      if (entry.localOffset + 30 > fileSize) throw new ZipError('bad entry offset');
      await checkEntry(file, handle, entry);
    }
    return entries.map((entry) => entry.name);
  } finally {
    await handle.close();
  }
}
