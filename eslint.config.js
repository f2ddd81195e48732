// Lint rules for the whole monorepo: typescript-eslint strict everywhere, React hooks rules for the web app.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from './eslint-rules/module-boundaries.js';
import rawText from './eslint-rules/no-raw-jsx-text.js';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // Web features and API modules stay out of each other's internals (eslint-rules/module-boundaries.js).
    files: ['apps/web/src/features/**/*.{ts,tsx}', 'apps/api/src/modules/**/*.ts'],
    plugins: { dealerleads: boundaries },
    rules: { 'dealerleads/module-boundaries': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Every text a screen shows comes from the catalogues in both languages (eslint-rules/no-raw-jsx-text.js).
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/*.test.tsx', 'apps/web/src/test/**'],
    plugins: { i18n: rawText },
    rules: { 'i18n/no-raw-jsx-text': 'error' },
  },
);
