// @ts-check
// ESLint 9 flat config: typescript-eslint's recommended rules (not the type-checked set: too slow on
// two cores), the rules of hooks, no import cycle, and the import boundaries of docs/architecture.md
// ("Lint and boundaries"). `npm run lint` runs it with zero warnings allowed.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Each feature folder under src/features may import only itself (and the shared folders). */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const boundaries = [
  {
    target: './core',
    from: ['./src', './server'],
    message: 'core is pure shared code: it imports nothing from the app or the server.',
  },
  {
    // Tests in core may use the test support (tests/support); core's own code may not.
    target: './core/**/!(*.test).ts',
    from: ['./tests/**', './bench/**', './scripts/**'],
    message: 'core is pure shared code: it imports nothing from the tests, benchmarks or scripts.',
  },
  {
    target: './src',
    from: ['./server', './tests', './bench', './scripts'],
    message: 'The browser app never imports the server (share through core).',
  },
  {
    target: './server',
    from: ['./src', './tests', './bench', './scripts'],
    message: 'The server never imports the browser app (share through core).',
  },
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: move what both need to src/shared, src/components or src/app.',
  })),
  {
    // The sync engine knows no resource: the app installs its mutators (src/data) into it. Its tests
    // may use the real mutators.
    target: './src/sync/**/!(*.test).{ts,tsx}',
    from: ['./src/data/**', './src/features/**', './src/app/**', './src/shared/**'],
    message: 'The sync engine imports no resource-specific module (mutators, features, screens): the app installs the mutators (src/data/install-mutators.ts).',
  },
  {
    // A resource's data module (mutators, queries) serves the screens; it knows no screen.
    target: './src/data',
    from: ['./src/features/**', './src/app/**', './src/shared/**', './src/components/**'],
    message: 'A data module knows no screen: screens import it, not the reverse.',
  },
  {
    target: './server/db',
    from: ['./server/http', './server/modules', './server/auth', './server/stream'],
    message:
      'The database layer imports nothing from the HTTP layer or the routes above it: throw a storage error (server/db/errors.ts) and map it in server/http/errors.ts.',
  },
];

export default defineConfig(
  globalIgnores(['dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'data/**', 'server/db/migrations/', 'public/', 'dev-dist/', '.tmp/']),
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    rules: {
      // Dropping a field by destructuring (`const { id: _id, ...rest } = row`) and `_`-named unused parameters are meant.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_' }],
      // A `let` read by a callback before its one assignment (a subscription a synchronous callback may end) must stay `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    // Tests read JSON bodies and log lines loosely; their assertions check the shapes.
    files: ['tests/**/*.ts', '**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Scripts and config files run in Node. (TypeScript itself checks names in .ts files.)
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'tsconfig.app.json', 'tsconfig.sw.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'bench/fleet-grid/page/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The grid memoizes on purpose by derived keys (a layout key, a stored-view key, a reset key) so 5,000 rows stay memoized.
    files: ['src/components/data-grid/**'],
    rules: { 'react-hooks/exhaustive-deps': 'off' },
  },
);
