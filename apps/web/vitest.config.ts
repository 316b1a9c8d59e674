import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Web unit tests: jsdom, files beside the code as src/**\/*.test.{ts,tsx}. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    testTimeout: 15_000,
  },
});
