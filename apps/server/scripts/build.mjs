// Bundles the server into dist/main.js (npm dependencies stay external, the workspace contracts are
// inlined) and writes dist/pglite-template.tar.gz.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@sapa/'));

await build({
  entryPoints: [new URL('../src/main.ts', import.meta.url).pathname],
  outfile: new URL('../dist/main.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});

// The embedded database's thread (src/db/pglite-thread.ts) loads it from beside the bundle.
copyFileSync(
  new URL('../src/db/pglite-worker.mjs', import.meta.url),
  new URL('../dist/pglite-worker.mjs', import.meta.url),
);

// A freshly initialised PGlite data folder (initdb only, no schema: migrations still run at start),
// so a first start on a new data folder unpacks it instead of running initdb (~2.5 s saved).
const template = new PGlite({ extensions: { pg_trgm } });
await template.waitReady;
const dump = await template.dumpDataDir('gzip');
await template.close();
writeFileSync(
  new URL('../dist/pglite-template.tar.gz', import.meta.url).pathname,
  Buffer.from(await dump.arrayBuffer()),
);
