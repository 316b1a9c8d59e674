import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server in development; override with SAPA_API_TARGET=http://127.0.0.1:3100 when 3000 is taken.
const server = process.env.SAPA_API_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  // One vite (7.3.8) for the whole repo, pinned at the root so vitest and the React plugin share it.
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: server, changeOrigin: true },
      '/ws': { target: server, ws: true, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: server, changeOrigin: true },
      '/ws': { target: server, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser Sapa supports has <link rel=modulepreload>; skip the polyfill.
    modulePreload: { polyfill: false },
    minify: 'terser',
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    rollupOptions: {
      // The contracts package only declares schemas and helpers; let unused ones drop out of chunks.
      treeshake: { moduleSideEffects: (id) => !id.includes('/packages/contracts/') },
      // Libraries' "use client" markers (for server components) and zod's misplaced pure-annotation
      // comments are harmless in an SPA bundle; keep the build output to what matters.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
        warn(warning);
      },
    },
  },
});
