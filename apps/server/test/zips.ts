import zlib from 'node:zlib';

/**
 * Zip archives written by hand, so tests can craft what no zip library writes: entries the central
 * directory does not list, entries sharing data, lying sizes, data descriptors, zip64 records.
 */

export interface ZipPart {
  name: string;
  data?: Buffer | string;
  /** 8 (deflate, the default) or 0 (stored) */
  method?: 0 | 8;
  /** zero sizes and CRC in the local header, the real ones in a data descriptor after the data (bit 3) */
  descriptor?: boolean;
  /** already compressed bytes (a bomb made with deflatedZeros) instead of `data` */
  raw?: Compressed;
}

export interface Compressed {
  compressed: Buffer;
  size: number;
  crc: number;
}

/** One entry's local header, data and descriptor, with what its central record says. */
export interface LocalRecord {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  zip64: boolean;
  bytes: Buffer;
}

/** `size` zero bytes deflated, streamed so that no buffer of that size is ever held. */
export async function deflatedZeros(size: number): Promise<Compressed> {
  const chunk = Buffer.alloc(1024 * 1024);
  const deflate = zlib.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (piece: Buffer) => out.push(piece));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  let crc = 0;
  for (let left = size; left > 0; left -= chunk.length) {
    const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
    crc = zlib.crc32(piece, crc);
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return { compressed: Buffer.concat(out), size, crc };
}

export function localRecord(part: ZipPart, zip64 = false): LocalRecord {
  const method = part.method ?? 8;
  let compressed: Buffer;
  let size: number;
  let crc: number;
  if (part.raw) {
    ({ compressed, size, crc } = part.raw);
  } else {
    const data = Buffer.from(part.data ?? '');
    compressed = method === 8 ? zlib.deflateRawSync(data) : data;
    size = data.length;
    crc = zlib.crc32(data);
  }
  const flags = 0x800 | (part.descriptor ? 0x8 : 0);
  const name = Buffer.from(part.name);
  const extra = zip64 ? Buffer.alloc(20) : Buffer.alloc(0);
  if (zip64) {
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(16, 2);
    extra.writeBigUInt64LE(BigInt(part.descriptor ? 0 : size), 4);
    extra.writeBigUInt64LE(BigInt(part.descriptor ? 0 : compressed.length), 12);
  }
  const head = Buffer.alloc(30);
  head.writeUInt32LE(0x04034b50, 0);
  head.writeUInt16LE(zip64 ? 45 : 20, 4);
  head.writeUInt16LE(flags, 6);
  head.writeUInt16LE(method, 8);
  head.writeUInt32LE(part.descriptor ? 0 : crc, 14);
  head.writeUInt32LE(zip64 ? 0xffffffff : part.descriptor ? 0 : compressed.length, 18);
  head.writeUInt32LE(zip64 ? 0xffffffff : part.descriptor ? 0 : size, 22);
  head.writeUInt16LE(name.length, 26);
  head.writeUInt16LE(extra.length, 28);
  const pieces = [head, name, extra, compressed];
  if (part.descriptor) {
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc, 4);
    descriptor.writeUInt32LE(compressed.length, 8);
    descriptor.writeUInt32LE(size, 12);
    pieces.push(descriptor);
  }
  return {
    name: part.name,
    method,
    flags,
    crc,
    compressedSize: compressed.length,
    size,
    zip64,
    bytes: Buffer.concat(pieces),
  };
}

/** The central directory record of `record`, its local header at `offset`; `as` overrides fields. */
export function centralRecord(
  record: LocalRecord,
  offset: number,
  as: Partial<Pick<LocalRecord, 'name' | 'size' | 'compressedSize' | 'crc'>> = {},
): Buffer {
  const entry = { ...record, ...as };
  const name = Buffer.from(entry.name);
  const zip64 = record.zip64;
  const extra = zip64 ? Buffer.alloc(28) : Buffer.alloc(0);
  if (zip64) {
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(24, 2);
    extra.writeBigUInt64LE(BigInt(entry.size), 4);
    extra.writeBigUInt64LE(BigInt(entry.compressedSize), 12);
    extra.writeBigUInt64LE(BigInt(offset), 20);
  }
  const head = Buffer.alloc(46);
  head.writeUInt32LE(0x02014b50, 0);
  head.writeUInt16LE(zip64 ? 45 : 20, 4);
  head.writeUInt16LE(zip64 ? 45 : 20, 6);
  head.writeUInt16LE(record.flags, 8);
  head.writeUInt16LE(record.method, 10);
  head.writeUInt32LE(entry.crc, 16);
  head.writeUInt32LE(zip64 ? 0xffffffff : entry.compressedSize, 20);
  head.writeUInt32LE(zip64 ? 0xffffffff : entry.size, 24);
  head.writeUInt16LE(name.length, 28);
  head.writeUInt16LE(extra.length, 30);
  head.writeUInt32LE(zip64 ? 0xffffffff : offset, 42);
  return Buffer.concat([head, name, extra]);
}

/** The end of central directory record (with the zip64 record and locator before it when asked). */
export function endRecords(count: number, dirOffset: number, dirSize: number, zip64 = false): Buffer {
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(zip64 ? 0xffff : count, 8);
  eocd.writeUInt16LE(zip64 ? 0xffff : count, 10);
  eocd.writeUInt32LE(zip64 ? 0xffffffff : dirSize, 12);
  eocd.writeUInt32LE(zip64 ? 0xffffffff : dirOffset, 16);
  if (!zip64) return eocd;
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(45, 12);
  record.writeUInt16LE(45, 14);
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(dirSize), 40);
  record.writeBigUInt64LE(BigInt(dirOffset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(dirOffset + dirSize), 8);
  locator.writeUInt32LE(1, 16);
  return Buffer.concat([record, locator, eocd]);
}

/**
 * Local records one after another, then a central directory listing those of them `listed` names
 * (all by default) in that order, then the end records.
 */
export function assemble(records: LocalRecord[], listed: LocalRecord[] = records, zip64 = false): Buffer {
  const offsets = new Map<LocalRecord, number>();
  let at = 0;
  for (const record of records) {
    offsets.set(record, at);
    at += record.bytes.length;
  }
  const dir = Buffer.concat(listed.map((record) => centralRecord(record, offsets.get(record)!)));
  return Buffer.concat([
    ...records.map((record) => record.bytes),
    dir,
    endRecords(listed.length, at, dir.length, zip64),
  ]);
}

/** A well-formed zip of these files. */
export function zipOf(parts: ZipPart[], options: { zip64?: boolean } = {}): Buffer {
  return assemble(
    parts.map((part) => localRecord(part, options.zip64)),
    undefined,
    options.zip64,
  );
}

/** The files of a zip, read from its central directory (for re-writing a real workbook). */
export function filesOf(zip: Buffer): { name: string; data: Buffer }[] {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(eocd + 10);
  let p = zip.readUInt32LE(eocd + 16);
  const files: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(p + 10);
    const compressedSize = zip.readUInt32LE(p + 20);
    const nameLength = zip.readUInt16LE(p + 28);
    const extraLength = zip.readUInt16LE(p + 30);
    const commentLength = zip.readUInt16LE(p + 32);
    const offset = zip.readUInt32LE(p + 42);
    const name = zip.toString('utf8', p + 46, p + 46 + nameLength);
    const start = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
    const compressed = zip.subarray(start, start + compressedSize);
    files.push({ name, data: method === 8 ? zlib.inflateRawSync(compressed) : Buffer.from(compressed) });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}
