import { defineConfig } from 'vitest/config';

/** One runner for every workspace; `--project server` runs just the server's tests. */
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web'],
  },
});
