// @ts-check
import eslint from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'apps/console/dist/**',
      'apps/console/src/api/schema.d.ts',
      'node_modules/**',
      '.data/**',
      'coverage/**',
      'bench/results/**',
      'test/support/generated/**',
      'eslint.config.mjs',
    ],
  },
  eslint.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        __dirname: 'readonly',
        require: 'readonly',
        module: 'writable',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-require-imports': 'off',
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through the env schema (loadConfig), not process.env.',
        },
      ],
    },
  },
  {
    files: [
      'test/**',
      'bench/**',
      'scripts/**',
      '**/*.spec.ts',
      'jest.config.js',
      'apps/*/src/main.ts',
      'apps/api/src/cli.ts',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
