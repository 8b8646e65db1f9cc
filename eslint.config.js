// @ts-check
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';

export default defineConfig(
  {
    ignores: [
      'dist/',
      'dist-e2e-*/',
      'reports/',
      '.astro/',
      'node_modules/',
      'data/',
      'test-results/',
      'playwright-report/',
      'coverage/',
    ],
  },
  tseslint.configs.recommended,
  astro.configs['flat/recommended'],
  { files: ['**/*.tsx'], ...reactHooks.configs.flat.recommended },
  {
    rules: {
      // Unused names are a bug here, except deliberately ignored `_`-prefixed ones.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // import() types stay allowed: ambient declarations (src/env.d.ts) cannot use import statements.
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
);
