// Lint for Silo. The important part is the import map of ARCHITECTURE.md:
// contract ← domain ← api ← offline ← app; the contract (src/contract: the wire's schemas, types,
// routes and codes) is the floor and imports nothing of theirs; server imports only domain and contract;
// sw only offline and api; features never import each other, nor do the server's route folders;
// no import cycle. A violation fails `npm run lint` (tests/lint proves each rule bites).
import { readdirSync, existsSync } from 'node:fs'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import importX, { createNodeResolver } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { circlePlugin } from './eslint-import-circle.js'

const featuresDir = 'src/app/features'
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : []

const layerZones = [
  {
    target: './src/contract',
    from: ['./src/domain', './src/api', './src/offline', './src/app', './src/server', './sw'],
    message: 'src/contract is the floor: it imports no other layer (what it needs lives in src/contract).',
  },
  {
    target: './src/domain',
    from: ['./src/api', './src/offline', './src/app', './src/server', './sw'],
    message: 'src/domain is pure: it imports only the contract.',
  },
  {
    target: './src/api',
    from: ['./src/offline', './src/app', './src/server', './sw'],
    message: 'src/api imports only src/domain and src/contract.',
  },
  {
    target: './src/offline',
    from: ['./src/app', './src/server', './sw'],
    message: 'src/offline imports only src/api, src/domain and src/contract.',
  },
  {
    target: './src/app',
    from: ['./src/server', './sw'],
    message: 'src/app never imports the server or the service worker.',
  },
  {
    target: './src/server',
    from: ['./src/api', './src/offline', './src/app', './sw'],
    message: "src/server imports only src/domain and src/contract (never the browser's fetch client or query helpers).",
  },
  // Inside the server: db is the floor, auth sits under the services and the routes.
  {
    target: './src/server/db',
    from: [
      './src/server/auth',
      './src/server/http',
      './src/server/services',
      './src/server/routes',
      './src/server/seed',
      './src/server/cli',
      './src/server/app.ts',
      './src/server/main.ts',
    ],
    message: 'src/server/db is the floor: it imports no other server folder (config, clock and logger sit beside it).',
  },
  {
    target: './src/server/auth',
    from: ['./src/server/services', './src/server/routes'],
    message: 'src/server/auth sits under the services and the routes: move what it needs down (db/, logger).',
  },
  {
    target: './sw',
    from: ['./src/app', './src/server', './src/domain'],
    message: 'sw imports only src/offline, src/api and src/contract.',
  },
  {
    target: './src/server/services',
    from: ['./src/server/routes'],
    message: 'Server services are read by the routes, never the reverse: move what routes share down to services/.',
  },
  {
    target: './src/app/ui',
    from: ['./src/app/features', './src/app/routes'],
    message:
      'src/app/ui is shared by the features: it never imports a feature or a route (a route plugs a feature in, see ui/order-line-slot).',
  },
]
const routesDir = 'src/server/routes'
const routeFolders = existsSync(routesDir)
  ? readdirSync(routesDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : []

// One folder per URL resource: what two resources share lives in services/.
const routeZones = routeFolders.map((name) => ({
  target: `./${routesDir}/${name}`,
  from: `./${routesDir}`,
  except: [`./${name}`],
  message: 'Route folders never import each other: move what they share to src/server/services.',
}))
const featureZones = features.map((name) => ({
  target: `./${featuresDir}/${name}`,
  from: `./${featuresDir}`,
  except: [`./${name}`],
  message: 'Features never import each other: move what they share to ui/, offline/, api/ or domain/.',
}))

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      'dist-ssr/**',
      'node_modules/**',
      'data/**',
      'src/app/routeTree.gen.ts',
      'test-results/**',
      'playwright-report/**',
      'src/server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      // no-cycle reads the imported files too: with TypeScript's parser, or it silently sees nothing.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...routeZones, ...featureZones] }],
      'import-x/no-cycle': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The rules are pure: no framework, no storage, no network, no clock of their own.
    files: ['src/domain/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^(react|react-dom|dexie|dexie-react-hooks|hono|drizzle-orm|pg|@electric-sql/.*|@tanstack/.*|workbox-.*|konsta.*|node:.*)(/.*)?$',
              message: 'src/domain is pure: no React, Dexie, Hono, Drizzle, TanStack, Workbox or Node I/O.',
            },
            {
              // The wire's constants and dates are values the rules read; its valibot schemas are
              // not (a rule checks a parsed value; the schemas load only where something is parsed).
              regex: '/contract/(?!(limits|iso-date|error-codes)$)',
              allowTypeImports: true,
              message:
                'src/domain imports from the contract only types, and the values of contract/limits, iso-date and error-codes.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'src/domain does no I/O.' },
        { name: 'localStorage', message: 'src/domain does no I/O.' },
        { name: 'indexedDB', message: 'src/domain does no I/O.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Time is an input: take `now` as a parameter.' },
      ],
    },
  },
  {
    // The floor: the wire's shapes need valibot and nothing else.
    files: ['src/contract/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!valibot$|\\.\\/)',
              message: 'src/contract imports only valibot and its own files.',
            },
          ],
        },
      ],
    },
  },
  {
    // The import's files check identifiers with the routes' own rules (src/contract/identifiants.ts):
    // their parent folder is the contract too.
    files: ['src/contract/import/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!valibot$|\\.\\/|\\.\\.\\/[a-z-]+$)',
              message: 'src/contract imports only valibot and its own files.',
            },
          ],
        },
      ],
    },
  },
  {
    // No import circle, not even through a type-only or a lazy import (see eslint-import-circle.js).
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    plugins: { silo: circlePlugin },
    rules: { 'silo/import-circle': 'error' },
  },
  {
    // No cast through unknown (issue 44): `x as unknown as T` says nothing about x and silences the
    // checker. Type the value (generic options, a schema that returns the row type, a declared
    // global) instead. Tests may still build partial objects that way.
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSAsExpression > TSAsExpression.expression[typeAnnotation.type='TSUnknownKeyword']",
          message: 'No cast through unknown (`as unknown as`): type the value instead.',
        },
        {
          selector: "TSTypeAssertion > TSTypeAssertion.expression[typeAnnotation.type='TSUnknownKeyword']",
          message: 'No cast through unknown (`<T><unknown>`): type the value instead.',
        },
      ],
    },
  },
  {
    // Small files: past 300 lines of code a module does two things. The seed's two data tables
    // (the demo's articles and customers) are lists, not logic.
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    ignores: ['src/app/routeTree.gen.ts', 'src/server/seed/article-catalog.ts', 'src/server/seed/customers.ts'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }] },
  },
)
