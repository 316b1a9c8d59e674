import fs from 'node:fs';
import path from 'node:path';

/** The first `relative` path that exists in `from` or one of its parents (source and bundle differ in depth). */
export function findUp(relative: string, from: string): string {
  let dir = from;
  for (;;) {
    const candidate = path.join(dir, relative);
    if (fs.existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`${relative} not found above ${from}`);
    dir = parent;
  }
}
