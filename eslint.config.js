// Lint rules for the whole workspace, including the import direction of docs/architecture.md#layout:
// contract ← api, contract ← web; in web: components/ui, lib ← features ← app; no feature imports
// another feature; the web app never imports the API.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

// A hand-typed API address in the web (docs/decisions/046-route-table.md): the route table's
// descriptions are the only source of the API's paths.
const HAND_TYPED_API_PATHS = [
  {
    selector: 'Literal[value=/^\\/api(\\/|$)/]',
    message: 'An API path is the route table’s: call(route, input) or routeUrl(route, input).',
  },
  {
    selector: 'TemplateElement[value.raw=/^\\/api\\//]',
    message: 'An API path is the route table’s: call(route, input) or routeUrl(route, input).',
  },
  {
    selector: 'CallExpression[callee.name=/^(call|routeUrl)$/] > ObjectExpression:first-child',
    message: 'Name a route of the table (packages/contract/src/routes), not an object literal.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'apps/api/drizzle/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { boundaries },
    settings: {
      // Node's resolution with TypeScript extensions is enough for the relative imports the
      // rules look at; workspace packages resolve as external (the contract is allowed everywhere).
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      'boundaries/include': ['apps/**/*', 'packages/**/*'],
      'boundaries/elements': [
        { type: 'contract', pattern: 'packages/contract/src', mode: 'folder' },
        // The API's layers (apps/api/README.md "Modules"): routes → services → repositories → db;
        // presenters and pure rules import only the contract (and types).
        // Tests use every layer; app.ts composes the routes.
        { type: 'api-test', pattern: 'apps/api/src/**/*.test.ts', mode: 'full' },
        { type: 'api-app', pattern: 'apps/api/src/app.ts', mode: 'full' },
        { type: 'api-routes', pattern: 'apps/api/src/modules/**/*.routes.ts', mode: 'full' },
        { type: 'api-presenter', pattern: 'apps/api/src/modules/**/*.presenter.ts', mode: 'full' },
        {
          type: 'api-pure',
          pattern: [
            'apps/api/src/modules/reviews/trust/reputation.ts',
            'apps/api/src/modules/offers/explorer/plan.ts',
            'apps/api/src/modules/offers/explorer/offer-search.ts',
            'apps/api/src/modules/reviews/reviews.spam.ts',
            'apps/api/src/lib/time.ts',
            'apps/api/src/lib/page-key.ts',
          ],
          mode: 'full',
        },
        {
          type: 'api-repository',
          pattern: ['apps/api/src/**/*.repository.ts', 'apps/api/src/**/*.sql.ts'],
          mode: 'full',
        },
        { type: 'api-service', pattern: 'apps/api/src/**/*.service.ts', mode: 'full' },
        { type: 'api-db', pattern: 'apps/api/src/db', mode: 'folder' },
        { type: 'api', pattern: 'apps/api', mode: 'folder' },
        // The route table the build writes into index.html (docs/decisions/019-route-preloads.md):
        // vite.config.ts reads it and the entry (src/boot.ts) the table built from it, so it
        // imports nothing of the app.
        { type: 'web-build-table', pattern: 'apps/web/src/app/route-preloads.ts', mode: 'full' },
        { type: 'web-app', pattern: 'apps/web/src/app', mode: 'folder' },
        {
          type: 'web-feature',
          pattern: 'apps/web/src/features/*',
          mode: 'folder',
          capture: ['feature'],
        },
        { type: 'web-ui', pattern: 'apps/web/src/components', mode: 'folder' },
        { type: 'web-lib', pattern: 'apps/web/src/lib', mode: 'folder' },
        { type: 'web-root', pattern: 'apps/web/src/*', mode: 'file' },
        { type: 'web-tooling', pattern: 'apps/web/*', mode: 'file' },
      ],
    },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          message:
            '${file.type} must not import ${dependency.type} (docs/architecture.md#layout import direction)',
          rules: [
            { from: 'contract', allow: ['contract'] },
            // The API's layers: each imports the layers below it; types may come from anywhere.
            { from: 'api-pure', allow: ['api-pure', 'contract'] },
            { from: 'api-presenter', allow: ['api-presenter', 'api-pure', 'contract'] },
            { from: ['api-pure', 'api-presenter'], allow: ['*'], importKind: 'type' },
            { from: ['api-test', 'api-app'], allow: ['*'] },
            // db/ holds the connection, the schema and the request's read routing (which uses lib/).
            { from: 'api-db', allow: ['api-db', 'api-repository', 'api-pure', 'api', 'contract'] },
            {
              from: 'api-repository',
              allow: ['api-repository', 'api-db', 'api-pure', 'api-presenter', 'api', 'contract'],
            },
            {
              from: 'api-service',
              allow: [
                'api-service',
                'api-repository',
                'api-db',
                'api-pure',
                'api-presenter',
                'api',
                'contract',
              ],
            },
            {
              from: 'api-routes',
              allow: ['api-routes', 'api-service', 'api-presenter', 'api-pure', 'api', 'contract'],
            },
            { from: ['api-repository', 'api-db', 'api-routes'], allow: ['*'], importKind: 'type' },
            // The rest (lib, auth, mail, seeds, workers, tests) uses every layer but the routes.
            {
              from: 'api',
              allow: [
                'api',
                'api-app',
                'api-service',
                'api-repository',
                'api-db',
                'api-pure',
                'api-presenter',
                'contract',
              ],
            },
            { from: 'web-lib', allow: ['web-lib', 'contract'] },
            { from: 'web-ui', allow: ['web-ui', 'web-lib', 'contract'] },
            {
              from: 'web-feature',
              allow: [
                ['web-feature', { feature: '${from.feature}' }],
                'web-ui',
                'web-lib',
                'contract',
              ],
            },
            { from: 'web-build-table', allow: [] },
            {
              from: 'web-app',
              allow: ['web-app', 'web-build-table', 'web-feature', 'web-ui', 'web-lib', 'contract'],
            },
            // The entry (src/boot.ts) reads the built table from index.html.
            {
              from: 'web-root',
              allow: ['web-root', 'web-app', 'web-build-table', 'web-ui', 'web-lib', 'contract'],
            },
            { from: 'web-tooling', allow: ['web-tooling', 'web-build-table', 'contract'] },
          ],
        },
      ],
    },
  },
  {
    // Every call of the API names its route of the contract's table (docs/decisions/046-route-table.md):
    // no hand-typed path, no second client.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/web/src/**/*.test.{ts,tsx}',
      'apps/web/src/test/**',
      'apps/web/src/lib/api-client.ts',
    ],
    rules: {
      'no-restricted-syntax': ['error', ...HAND_TYPED_API_PATHS],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api-client'],
              importNames: ['API_BASE', 'buildUrl'],
              message: 'Use call(route, input) or routeUrl(route, input) from lib/api-client.',
            },
          ],
        },
      ],
    },
  },
  {
    // Every form is components/ui/form.tsx's <Form> (method="post"): a form the browser submits
    // before hydration must never put its fields in the address (docs/decisions/015-form-binding.md).
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/components/ui/form.tsx', 'apps/web/src/**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...HAND_TYPED_API_PATHS,
        {
          selector: "JSXOpeningElement[name.name='form']",
          message:
            'Use <Form> from components/ui/form (method="post"): a bare <form> submitted before hydration sends its fields in the URL.',
        },
        {
          selector: 'JSXAttribute[name.name=/^form(Method|Action)$/]',
          message:
            'A submit button must not change where its form goes (components/ui/form.tsx posts to the page).',
        },
      ],
    },
  },
  {
    // A module of the API uses another module through its service, never its repository
    // (apps/api/README.md "Modules"): the service is the module's public face, so its rules
    // (404s, insiders, transactions) cannot be stepped around.
    files: ['apps/api/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/*.repository', '../../modules/*/*.repository'],
              message:
                "Use the other module's service (it re-exports what it shares), never its repository.",
            },
          ],
        },
      ],
    },
  },
  prettier,
);
