// index.html as the build leaves it (vite.config.ts): the entry, its modulepreloads, the app's
// stylesheet as a preload. For the tests of the pages the server makes of it.
import { readFileSync } from 'node:fs'

export function builtShell(preloads: readonly string[] = ['/assets/vendor-v.js']): string {
  return readFileSync('index.html', 'utf8')
    .replace('<script type="module" src="/src/app/main.tsx"></script>', '')
    .replace(
      '</head>',
      '<script type="module" crossorigin src="/assets/index-e.js"></script>\n' +
        preloads.map((p) => `<link rel="modulepreload" crossorigin href="${p}">\n`).join('') +
        '<link rel="preload" as="style" crossorigin href="/assets/index-x.css" data-app-stylesheet>\n</head>',
    )
}
