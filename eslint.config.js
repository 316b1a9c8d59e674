import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Web layers (apps/web/src/features/README.md), each importing only those before it:
    // lib -> components -> resources/<noun> -> features/<noun> -> app. Features never import each other.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // relative imports only in the web app, so the built-in resolver is enough; the TypeScript
      // parser lets no-cycle read the imported files
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: 'apps/web/src/lib',
              from: [
                'apps/web/src/components',
                'apps/web/src/resources',
                'apps/web/src/features',
                'apps/web/src/app',
              ],
              message:
                'lib/ is the bottom layer: it imports nothing from components/, resources/, features/ or app/.',
            },
            {
              target: 'apps/web/src/components',
              from: ['apps/web/src/resources', 'apps/web/src/features', 'apps/web/src/app'],
              message: 'components/ may import lib/ only; pass data in as props.',
            },
            {
              target: 'apps/web/src/resources',
              from: ['apps/web/src/features', 'apps/web/src/app'],
              message:
                'resources/ may import lib/, components/ and other resources, never features/ or app/.',
            },
            // one zone per feature folder, so a new feature is covered without editing this file
            ...webFeatures.map((feature) => ({
              target: `apps/web/src/features/${feature}`,
              from: 'apps/web/src/features',
              except: [`./${feature}`],
              message:
                'Features never import each other: move what both need to resources/<noun>/ (data) or components/ (UI), and compose in app/.',
            })),
            {
              target: 'apps/web/src/features',
              from: 'apps/web/src/app',
              message: 'features/ may not import app/; app/ composes features.',
            },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Server: channels call the chat kernel (modules/chat/kernel.ts) and nothing else of the chat
    // module; that they touch no chat table nor publish chat events is channels/boundary.test.ts.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json'] })],
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: 'apps/server/src/channels',
              from: 'apps/server/src/modules/chat',
              except: ['./kernel.ts'],
              message:
                'Channels call the chat kernel (modules/chat/kernel.ts) only: export what they need from there.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['bench/**', 'scripts/**', 'e2e/**', 'apps/server/scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
