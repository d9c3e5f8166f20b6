// @ts-check
import { dirname, relative, resolve } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * The import boundaries of docs/architecture.md: shared/ imports neither server/ nor web/;
 * web/ and server/ never import each other; a web feature never imports another feature; a
 * server module never imports another module's repository (server/modules/A/ may not import
 * server/modules/B/*.repository).
 * (A small local rule: eslint-plugin-import-x pulls in a native resolver whose platform
 * packages break `npm ci` with this npm.)
 */
function boundaryProblem(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const root = process.cwd();
  const from = relative(root, fromFile);
  const to = relative(root, resolve(dirname(fromFile), specifier));
  const top = (path) => path.split(/[\\/]/)[0];
  if (top(from) === 'shared' && (top(to) === 'server' || top(to) === 'web')) {
    return 'shared/ imports neither server/ nor web/.';
  }
  if (top(from) === 'web' && top(to) === 'server') return 'web/ never imports server/.';
  if (top(from) === 'server' && top(to) === 'web') return 'server/ never imports web/.';
  const serverModule = (path) => /^server[\\/]modules[\\/]([^\\/]+)[\\/]/.exec(path)?.[1];
  if (
    serverModule(from) &&
    serverModule(to) &&
    serverModule(from) !== serverModule(to) &&
    /\.repository(\.ts)?$/.test(to)
  ) {
    return "A module never imports another module's repository: call its use cases instead.";
  }
  const feature = (path) => /^web[\\/]features[\\/]([^\\/]+)/.exec(path)?.[1];
  if (feature(from) && feature(to) && feature(from) !== feature(to)) {
    return 'Features do not import each other; move shared code to web/components or web/lib.';
  }
  return null;
}

/**
 * A test proves something: the body of every `it(...)` and `test(...)` calls `expect` (or a
 * helper named expect… or assert…, such as expectGolden), so a test that asserts nothing fails
 * the lint rather than passing forever.
 */
const ASSERTS = /\b(?:expect|assert)\w*\s*(?:<[^>]*>)?\s*[.(]/;
const tests = {
  rules: {
    asserts: {
      meta: { type: 'problem', schema: [] },
      create(context) {
        return {
          CallExpression(node) {
            // it(...), test(...), it.only(...), test.skip(...): not test.describe or the hooks.
            const { callee } = node;
            const modifier =
              callee.type === 'MemberExpression' &&
              callee.property.type === 'Identifier' &&
              ['only', 'skip', 'fails', 'concurrent', 'sequential'].includes(callee.property.name);
            const name = modifier ? callee.object : callee;
            if (name.type !== 'Identifier' || !['it', 'test'].includes(name.name)) return;
            const body = node.arguments.find(
              (argument) =>
                argument.type === 'ArrowFunctionExpression' ||
                argument.type === 'FunctionExpression',
            );
            if (!body || ASSERTS.test(context.sourceCode.getText(body))) return;
            context.report({
              node,
              message: 'This test asserts nothing: call expect (or an expect… helper).',
            });
          },
        };
      },
    },
  },
};

const boundaries = {
  rules: {
    imports: {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const check = (node) => {
          const message = node.source && boundaryProblem(context.filename, node.source.value);
          if (message) context.report({ node: node.source, message });
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'data',
      '.tmp',
      'server/db/migrations',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { boundaries },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      'boundaries/imports': 'error',
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.spec.ts'],
    plugins: { tests },
    rules: { 'tests/asserts': 'error' },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'react', 'react-dom', '@mantine/*'] },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
