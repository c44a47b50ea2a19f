// ESLint (flat config) with typescript-eslint's type-aware rules: floating promises, unsafe `any` flows and
// unused code are errors on src/ and test/. Formatting is Prettier's (npm run format:check), not ESLint's.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** node:test's describe/it/hooks return promises the runner itself awaits. */
const NODE_TEST_CALLS = { from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] };

export default tseslint.config(
  { ignores: ['dist/**', '.test-build/**', 'node_modules/**', 'clients/**', 'bench/**', 'scripts/**', 'coverage/**', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': ['error', { allowForKnownSafeCalls: [NODE_TEST_CALLS] }],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Fastify hooks and Nest interfaces are async by contract, whether or not a body awaits.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests read JSON answers, typed `any` by the API client on purpose (each test asserts their shape):
    // the unsafe-`any` rules guard src/, where a value's type is the contract.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
