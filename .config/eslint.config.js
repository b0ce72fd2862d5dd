// Lint for Silo. The important part is the import map of ARCHITECTURE.md:
// domain ← api ← offline ← app; server imports only domain and api; sw only offline and api;
// features never import each other. A violation fails `npm run lint`.
import { readdirSync, existsSync } from 'node:fs'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

const featuresDir = 'src/app/features'
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : []

const layerZones = [
  { target: './src/domain', from: ['./src/api', './src/offline', './src/app', './src/server', './sw'], message: 'src/domain is pure: it imports no other layer.' },
  { target: './src/api', from: ['./src/offline', './src/app', './src/server', './sw'], message: 'src/api imports only src/domain.' },
  { target: './src/offline', from: ['./src/app', './src/server', './sw'], message: 'src/offline imports only src/api and src/domain.' },
  { target: './src/app', from: ['./src/server', './sw'], message: 'src/app never imports the server or the service worker.' },
  { target: './src/server', from: ['./src/offline', './src/app', './sw'], message: 'src/server imports only src/domain and src/api.' },
  { target: './sw', from: ['./src/app', './src/server', './src/domain'], message: 'sw imports only src/offline and src/api.' },
  { target: './src/server/services', from: ['./src/server/routes'], message: 'Server services are read by the routes, never the reverse: move what routes share down to services/.' },
  { target: './src/app/ui', from: ['./src/app/features', './src/app/routes'], message: 'src/app/ui is shared by the features: it never imports a feature or a route (a route plugs a feature in, see ui/order-line-slot).' },
]
const featureZones = features.map((name) => ({
  target: `./${featuresDir}/${name}`,
  from: `./${featuresDir}`,
  except: [`./${name}`],
  message: 'Features never import each other: move what they share to ui/, offline/, api/ or domain/.',
}))

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'src/app/routeTree.gen.ts', 'test-results/**', 'playwright-report/**', 'src/server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...featureZones] }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The rules are pure: no framework, no storage, no network, no clock of their own.
    files: ['src/domain/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: '^(react|react-dom|dexie|dexie-react-hooks|hono|drizzle-orm|pg|@electric-sql/.*|@tanstack/.*|workbox-.*|konsta.*|node:.*)(/.*)?$', message: 'src/domain is pure: no React, Dexie, Hono, Drizzle, TanStack, Workbox or Node I/O.' },
      ] }],
      'no-restricted-globals': ['error',
        { name: 'fetch', message: 'src/domain does no I/O.' },
        { name: 'localStorage', message: 'src/domain does no I/O.' },
        { name: 'indexedDB', message: 'src/domain does no I/O.' },
      ],
      'no-restricted-properties': ['error', { object: 'Date', property: 'now', message: 'Time is an input: take `now` as a parameter.' }],
    },
  },
)
