// @ts-check
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * The import boundaries of docs/architecture.md: shared/ imports neither server/ nor web/;
 * web/ and server/ never import each other; a web feature never imports another feature; a
 * server module never imports another module's repository (server/modules/A/ may not import
 * server/modules/B/*.repository; `moduleProblems` below keeps a module to its own data).
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

/**
 * A server module keeps to its own data (docs/architecture.md, "Conventions for a server
 * module"). Outside its tables files (foreign keys name other modules' tables) and its tests,
 * a file of server/modules/A/
 * - imports another module B only through B's public entry: its `*.usecases.ts` and
 *   `*.errors.ts` (PUBLIC_ENTRIES names the others);
 * - names only A's own tables, whether from server/db/schema or a `*.tables.ts` (those of
 *   server/lib and server/mail, the audit trail and the outbox, are everybody's). A type-only
 *   import reads nothing and is fine.
 * The read models, reports and dashboard, own no table: they read any module's tables, and
 * billing's ledger SQL. TABLE_EXCEPTIONS names the other files that read another module's
 * tables, each with why. (The rule sees imports: a table named in SQL text is not checked.)
 */
const READ_MODELS = ['reports', 'dashboard'];

/**
 * The waiters' screens' first load (Tables / Billing), kept free of Mantine (issue 32): the
 * kit, the signed-in app and its frame, the screen and what it imports before any tap. A file
 * added to the screen goes here.
 */
const WAITER_SCREEN_FILES = [
  'web/components/kit/**',
  'web/components/lazy-dialog-button.tsx',
  'web/components/lazy-mantine.tsx',
  'web/components/{branded-page,error-page,not-found-page,not-allowed-page,page-loader}.tsx',
  'web/components/not-connected-overlay.tsx',
  'web/lib/**',
  'web/app/{app,router,guards,session-watcher}.tsx',
  'web/app/{page-title,early-data}.ts',
  'web/app/layouts/**',
  'web/app/routes/payment-modal-on-demand.tsx',
  'web/features/tables/components/offline-banner.tsx',
  'web/app/routes/billing-page.tsx',
  'web/features/billing/today-bills-button.tsx',
  // The payment sheet, loaded at the first Pay (web/app/routes/payment-modal-on-demand.tsx).
  'web/features/billing/payment-*.{ts,tsx}',
  'web/features/billing/components/{order-lines,split-rows,upi-pay-qr}.tsx',
  'web/features/billing/{billing-text,print-windows}.ts',
  'web/features/billing/api/**',
  'web/components/upi-qr.tsx',
  // The kitchen display (/kitchen) and what it imports of its feature; not its settings.
  'web/features/kitchen/kitchen-display-page.tsx',
  'web/features/kitchen/components/**',
  'web/features/kitchen/api/**',
  'web/features/kitchen/*.ts',
  'web/features/tables/tables-page.tsx',
  'web/features/tables/table-state.ts',
  'web/features/tables/components/table-card.tsx',
  'web/features/tables/components/table-card-people.tsx',
  'web/features/tables/components/table-menu-button.tsx',
  'web/features/tables/components/table-sections.tsx',
  'web/app/routes/table-page.tsx',
  'web/features/floor/floor-menu.tsx',
  'web/features/tables/table-order-page.tsx',
  'web/features/tables/use-phone.ts',
  'web/features/tables/components/choice-picker.tsx',
  'web/features/tables/components/guests-editor.tsx',
  'web/features/tables/components/kitchen-actions.tsx',
  'web/features/tables/components/kot-print.tsx',
  'web/features/tables/components/kots-sheet.tsx',
  'web/features/tables/components/load-failed.tsx',
  'web/features/tables/components/menu-panel.tsx',
  'web/features/tables/components/note-editor.tsx',
  'web/features/tables/components/order-panel.tsx',
  'web/features/tables/components/product-card.tsx',
  'web/features/tables/voids/voidable.ts',
  'web/features/tables/voids/void-requests.ts',
];

/** Other modules' files imported as if they were use cases, and why. */
const PUBLIC_ENTRIES = {
  'server/modules/branches/tax-profiles.ts':
    "the tax profile a bill is made with (the current one, its defaults): billing's way to it, a use-case file in all but name",
};

/** Files of the read models that import billing's ledger SQL (what a bill paid and still owes). */
const READ_MODEL_ENTRIES = ['server/modules/billing/bill-ledger.ts'];

/** Files that read another module's tables, the tables, and why they are not moved now. */
const TABLE_EXCEPTIONS = {
  'server/modules/billing/billing.repository.ts': {
    tables: ['branches', 'taxProfiles', 'users'],
    why: "a payment's context in one statement (the tax profile, the cashier's name): the counter's hot path",
  },
  'server/modules/branches/branches.repository.ts': {
    tables: ['users'],
    why: "a branch's manager and seat count are read with the branch (branch list, plans)",
  },
  'server/modules/cash/cash.repository.ts': {
    tables: ['users'],
    why: "people's names joined onto cash entries and the day's close (names only)",
  },
  'server/modules/complimentary/complimentary.repository.ts': {
    tables: ['bills', 'billLines', 'users'],
    why: 'the complimentary report reads billed lines: a read model of its own',
  },
  'server/modules/inventory/inventory.repository.ts': {
    tables: [
      'bills',
      'branches',
      'productIngredients',
      'products',
      'stockPurchases',
      'users',
      'vendors',
    ],
    why: "Add stock writes vendors' stock purchases and stock follows recipes and bills: the owner of stock_purchases is still to settle",
  },
  'server/modules/kitchen/kitchen.repository.ts': {
    tables: ['orderLines', 'tables'],
    why: "reads only: a table's label and opening time, and the KOTs of its current order (send_kot itself begins on the table through tables' open_order_begin)",
  },
  'server/modules/kitchen/kitchen.settings.repository.ts': {
    tables: ['products'],
    why: 'the subcategories routed to stations are the products',
  },
  'server/modules/printing/printing.repository.ts': {
    tables: ['bills', 'kitchenStations', 'kotTickets', 'kots'],
    why: 'the print queue names what a job prints (bill number, KOT, station) in its list',
  },
  'server/modules/products/products.repository.ts': {
    tables: ['ingredients'],
    why: "a recipe's ingredients with their names and units, joined in the product's read",
  },
  'server/modules/products/products.variants.repository.ts': {
    tables: ['ingredients'],
    why: "a choice's ingredients with their names, units and stock, joined in its read",
  },
  'server/modules/staff/staff.repository.ts': {
    tables: ['branches', 'users'],
    why: "staff are rows of users (the branch's seats in branches): users' screen for a branch",
  },
  'server/modules/tables/tables.bill-total.ts': {
    tables: ['products'],
    why: "a table's running total takes each line's GST rate from its product in one query (every tap)",
  },
  'server/modules/tables/tables.repository.ts': {
    tables: ['users'],
    why: 'who opened a table, by name, in the floor list (names only)',
  },
  'server/modules/users/users.repository.ts': {
    tables: ['branches', 'sessions', 'twoFactorCredentials'],
    why: 'the account with its branch and two-factor in one query: the session check of every request',
  },
  'server/modules/vendors/vendors.repository.ts': {
    tables: ['ingredients'],
    why: "a vendor's items and purchases named by their ingredients",
  },
  'server/modules/voids/voids.repository.ts': {
    tables: ['orderLines', 'tables'],
    why: "reads only: the table's label and the sent line a void names (the void itself begins, records and takes through tables' beginTableOperation/takeTableLines)",
  },
};

const ROOT = dirname(fileURLToPath(import.meta.url));
const MODULES = 'server/modules';

/** Which module declares each name exported by its `*.tables.ts` files. */
const tableOwners = (() => {
  const owners = new Map();
  for (const module of readdirSync(join(ROOT, MODULES))) {
    const folder = join(ROOT, MODULES, module);
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.tables.ts'))) {
      const source = readFileSync(join(folder, file), 'utf8');
      for (const [, name] of source.matchAll(/^export (?:const|type|interface|function) (\w+)/gm)) {
        owners.set(name, module);
      }
    }
  }
  return owners;
})();

const moduleOf = (path) => /^server[\\/]modules[\\/]([^\\/]+)[\\/]/.exec(path)?.[1];
const isTestCode = (path) => /\.(test|test-support|route-fixtures|fixtures)\.tsx?$/.test(path);
const posix = (path) => path.split(/[\\/]/).join('/');

/**
 * What a module's file may not import (see READ_MODELS above). `excepted` collects the tables
 * of TABLE_EXCEPTIONS the file does import, so an exception no longer needed is told too.
 */
function moduleProblems(fromFile, node, excepted) {
  const specifier = node.source?.value;
  if (typeof specifier !== 'string' || !specifier.startsWith('.')) return [];
  const from = posix(relative(ROOT, fromFile));
  const module = moduleOf(from);
  if (!module || from.endsWith('.tables.ts') || isTestCode(from)) return [];
  const to = posix(relative(ROOT, resolve(dirname(fromFile), specifier)));
  const target = moduleOf(to);
  const readModel = READ_MODELS.includes(module);
  const problems = [];
  // Another module's tables are checked by name below, its repository by boundaryProblem.
  if (target && target !== module && !/\.(tables|repository)$/.test(to)) {
    const entry = /\.(usecases|errors)$/.test(to) || `${to}.ts` in PUBLIC_ENTRIES;
    if (!entry && !(readModel && READ_MODEL_ENTRIES.includes(`${to}.ts`))) {
      problems.push(
        `${to}: a module imports another only through its use cases (or errors): call ${target}'s *.usecases.ts.`,
      );
    }
  }
  const namesTables = to === 'server/db/schema' || (target && to.endsWith('.tables'));
  if (!namesTables || readModel || node.importKind === 'type') return problems;
  const allowed = TABLE_EXCEPTIONS[from]?.tables ?? [];
  for (const specifier of node.specifiers ?? []) {
    if (specifier.importKind === 'type') continue;
    const name = specifier.imported?.name ?? specifier.local?.name;
    const owner = tableOwners.get(name);
    if (owner && owner !== module && allowed.includes(name)) excepted.add(name);
    else if (owner && owner !== module) {
      problems.push(
        `${name} is ${owner}'s table: a module reads only its own tables; ask ${owner}'s use cases (or name it in TABLE_EXCEPTIONS with why).`,
      );
    }
  }
  return problems;
}

const boundaries = {
  rules: {
    modules: {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const excepted = new Set();
        const check = (node) => {
          for (const message of moduleProblems(context.filename, node, excepted)) {
            context.report({ node: node.source, message });
          }
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
          'Program:exit'(program) {
            const exception = TABLE_EXCEPTIONS[posix(relative(ROOT, context.filename))];
            for (const name of exception?.tables.filter((table) => !excepted.has(table)) ?? []) {
              context.report({
                node: program,
                message: `TABLE_EXCEPTIONS names ${name} for this file, which no longer imports it: take it out.`,
              });
            }
          },
        };
      },
    },
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
      'boundaries/modules': 'error',
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
    // The waiters' screens draw with the product's own kit (web/components/kit/), not Mantine
    // (issue 32): these files are their first load. A manager's tool they open is a chunk of its
    // own, reached by a dynamic import(), which this rule does not see.
    files: WAITER_SCREEN_FILES,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@mantine/*'],
              message:
                "A waiter's screen draws with web/components/kit/ (issue 32); load a manager's Mantine tool with import().",
            },
          ],
        },
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
