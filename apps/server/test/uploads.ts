import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

/** The head of one part: its Content-Disposition and, when typed, Content-Type. */
export function partHead(boundary: string, part: Omit<Part, 'data'>): string {
  const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
  const type = part.type ? `Content-Type: ${part.type}\r\n` : '';
  return `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}\r\n${type}\r\n`;
}

/** A multipart/form-data body, written by hand so each test controls names, types and bytes. */
export function multipart(parts: Part[]) {
  const boundary = `sapa${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(partHead(boundary, part)), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
    boundary,
  };
}

/** Every file under a folder, relative paths. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((name) => fs.statSync(path.join(dir, name)).isFile())
    .sort();
}
