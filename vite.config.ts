/// <reference types="vitest/config" />
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { VitePWA } from 'vite-plugin-pwa'
import { firstScreenCss } from './src/server/http/first-screen-css.ts'
import { FIRST_SCREEN_CSS } from './src/contract/paths.ts'
// Where the server finds the app's stylesheet in the built shell (nonBlockingStylesheet's preload).
import { stylesheetOf } from './src/server/http/app-render.ts'

// The manifest lives at the top level (the product's design card) and is handed to vite-plugin-pwa.
const manifest = JSON.parse(readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'))
const serverPort = process.env.PORT ?? '8080'
const isVitest = Boolean(process.env.VITEST)

// index.html carries its own manifest link; vite-plugin-pwa always injects another: keep one.
const singleManifestLink = {
  name: 'silo-single-manifest-link',
  enforce: 'post' as const,
  transformIndexHtml: {
    order: 'post' as const,
    handler: (html: string) => {
      let seen = false
      return html.replace(/<link rel="manifest"[^>]*>/g, (tag) => (seen ? '' : ((seen = true), tag)))
    },
  },
}

// The app's stylesheet is preloaded, not render-blocking: index.html's static shell has its own
// inline styles and paints as soon as the page arrives, while the stylesheet downloads beside the
// JavaScript; src/app/main.tsx turns the preload into the stylesheet and waits for it before the
// first render (no unstyled frame).
const nonBlockingStylesheet = {
  name: 'silo-non-blocking-stylesheet',
  enforce: 'post' as const,
  apply: 'build' as const,
  transformIndexHtml: {
    order: 'post' as const,
    handler: (html: string) =>
      html.replace(
        /<link rel="stylesheet"( crossorigin)? href="([^"]+\.css)">/g,
        '<link rel="preload" as="style"$1 href="$2" data-app-stylesheet>',
      ),
  },
}

// Every text file of the build also written as `x.br` (brotli, best) and `x.gz` (gzip, best), once,
// after everything else (the service worker included): the server picks one by Accept-Encoding
// (src/server/http/precompressed.ts) instead of compressing each response. The precache globs
// do not match these copies.
const precompress = {
  name: 'silo-precompress',
  apply: 'build' as const,
  enforce: 'post' as const,
  closeBundle: {
    order: 'post' as const,
    sequential: true,
    handler() {
      const dist = new URL('./dist/', import.meta.url).pathname
      for (const file of readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
        const path = join(dist, file)
        if (!/\.(js|css|html|svg|webmanifest|json|txt)$/.test(file) || statSync(path).size < 1024) continue
        const raw = readFileSync(path)
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(raw, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length },
          }),
        )
        writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }))
      }
    },
  },
}

// The first screen's route chunks (the ordering layout and the history) and what they import are
// announced in index.html as modulepreload, so they download with the entry instead of after it
// has run and asked for them (one round trip less on a slow network; they are 6 KB gzip).
const FIRST_ROUTES = /[\\/]src[\\/]app[\\/]routes[\\/](_main|_main[\\/]catalog[\\/]order_history)\.tsx/
const firstRoutePreload = {
  name: 'silo-first-route-preload',
  enforce: 'post' as const,
  apply: 'build' as const,
  generateBundle(
    _: unknown,
    bundle: Record<
      string,
      {
        type: string
        fileName: string
        facadeModuleId?: string | null
        moduleIds?: string[]
        imports?: string[]
        source?: string | Uint8Array
      }
    >,
  ) {
    const html = bundle['index.html']
    const source = html?.source
    if (!html || typeof source !== 'string') return
    const wanted = new Set<string>()
    const visit = (fileName: string) => {
      if (wanted.has(fileName)) return
      wanted.add(fileName)
      for (const dep of bundle[fileName]?.imports ?? []) visit(dep)
    }
    // Wherever the route modules landed (the shell's chunk holds them, see FIRST_SCREEN).
    for (const chunk of Object.values(bundle))
      if (
        chunk.type === 'chunk' &&
        (chunk.moduleIds ?? [chunk.facadeModuleId]).some((id) => id && FIRST_ROUTES.test(id))
      )
        visit(chunk.fileName)
    const links = [...wanted]
      .filter((f) => !source.includes(`/${f}"`))
      .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
    html.source = source.replace('</head>', `  ${links.join('\n    ')}\n  </head>`)
  },
}

const SHELL =
  /[\\/]src[\\/](app[\\/]ui[\\/]|app[\\/]query-loader|domain[\\/](articles|history-paging|orders|roles)\.ts|api[\\/](contract[\\/])?referentiel\.ts)/
const SHELL_LAZY =
  /[\\/](update-toast|admin-shell|logout-confirm|help-button|line-labels|line-summary|quantity-bar|use-debounced|cart-total|cart-groups|outbox-status|outbox-watch|cart-badge|leave-guard|when-outbox-empty|now|use-order-advice|advice-needs|advice-sentence|advice-prefill|advice-order-button|lot-needs|lot-need|use-lots|recent-deliveries|waiting-words|waiting-list|waiting-orders-text|device-panel|offline-switch|device-adoption|preparation-watch|preparation-status|kept-refusals|refused-order-csv|download|cookie-choice|sign-in-marks)\./

// The first screen's own modules, in the shell's chunk: the main layout's and the history's route
// chunks (TanStack's split modules) and the few reads they share with later screens. Each was a
// small chunk of its own, and each chunk is a request the page makes before it renders (issue 29).
const FIRST_SCREEN =
  /[\\/]src[\\/](app[\\/]routes[\\/]_main(\.tsx|[\\/]catalog[\\/]order_history\.tsx)\?tsr-split|api[\\/](user|device-owner|article-reads|paiement|livraisons)\.ts$|contract[\\/](error-codes|user|livraisons)\.ts$)/

// What the history loads once it is shown and the browser is idle (the cart badge, the outbox
// watch, the history's and the article reads' offline copies, the seal, the advice and the barn
// preparation), with what they import from src. Split by the bundler wherever two lazy imports
// meet, it made some twenty-five chunks of 0.1 to 2.4 KB gzip, loaded in four or five waves one
// after the other: each compressed apart, they weighed 8 KB more than together (issue 29). One
// chunk now, loaded by the first of them. Not the database module: db-warm evaluates it in a task
// of its own, after Dexie's, before this chunk (each of the three a task, none long).
const AFTER_PAINT =
  /[\\/]src[\\/](offline[\\/](article-copy|cart|cart-count|deliveries|last-leaver|outbox-count|outbox-flusher|preparation|seal)|app[\\/]ui[\\/](shell[\\/](cart-badge|device-adoption|leave-guard|outbox-watch|preparation-watch)|use-order-advice)|app[\\/]features[\\/]history[\\/]order-advice-panel)\.tsx?$/
const DATABASE = /[\\/]src[\\/]offline[\\/]db\.ts$/

const SIGN_IN_PAGE =
  /[\\/]src[\\/](app[\\/](ui[\\/]shell[\\/](cookie-choice|sign-in-marks)|ui[\\/]when-idle|pwa[\\/]install|features[\\/]session[\\/]seal-at-sign-in)|offline[\\/](device-keys|db-presence)|contract[\\/]paths)\.ts$/

// Konsta's theme.css points Tailwind at every Konsta component, so the CSS carried the classes of
// some sixty components while the app uses a handful (and Tailwind scans a whole folder even when
// given one file). This writes `@source not` for every Konsta component, class and colour module
// that no `import { … } from 'konsta/react'` in src reaches, in place of the marker in styles.css.
// Derived from the imports, it cannot drift: a newly used component brings its classes back.
const konstaSources = {
  name: 'silo-konsta-sources',
  enforce: 'pre' as const,
  transform(code: string, id: string) {
    if (!id.endsWith('/src/app/styles.css') || !code.includes('/* konsta-sources */')) return
    const konsta = new URL('./node_modules/konsta/', import.meta.url)
    const src = new URL('./src/', import.meta.url)
    const wanted = new Set<string>()
    for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file)) continue
      for (const m of readFileSync(new URL(file, src), 'utf8').matchAll(
        /import\s*\{([^}]*)\}\s*from\s*'konsta\/react'/g,
      ))
        for (const name of m[1]!.split(',')) if (name.trim()) wanted.add(name.trim().split(/\s+/)[0]!)
    }
    // Components import other components (Button → Glass…) and their Classes/Colors modules.
    const components = new Set<string>()
    const helpers = new Set<string>()
    const visit = (name: string) => {
      if (components.has(name)) return
      components.add(name)
      const js = readFileSync(new URL(`react/components/${name}.js`, konsta), 'utf8')
      for (const m of js.matchAll(/from '\.\/(\w+)\.js'/g)) visit(m[1]!)
      for (const m of js.matchAll(/shared\/(classes|colors)\/(\w+)\.js'/g)) helpers.add(`${m[1]}/${m[2]}`)
    }
    wanted.forEach(visit)
    const unused = [
      ...readdirSync(new URL('react/components/', konsta))
        .filter((f) => !components.has(f.replace(/\.js$/, '')))
        .map((f) => `react/components/${f}`),
      ...['classes', 'colors'].flatMap((dir) =>
        readdirSync(new URL(`shared/${dir}/`, konsta))
          .filter((f) => !helpers.has(`${dir}/${f.replace(/\.js$/, '')}`))
          .map((f) => `shared/${dir}/${f}`),
      ),
    ]
    const base = new URL('./node_modules/konsta/', import.meta.url).pathname
    return code.replace('/* konsta-sources */', unused.map((f) => `@source not "${base}${f}";`).join('\n'))
  },
}

// Konsta's components carry `dark:` classes, which Tailwind turns into rules under
// `:where(.dark, .dark *)`; Silo never sets `.dark` (one light theme, made for sunlight), so those
// 250 rules never apply: 9 KB of the stylesheet, 0.9 KB gzip, inline in every server-rendered page
// (issue 29). Tailwind has no switch to leave a variant out: its output drops each rule whose every
// selector needs `.dark` (a rule that mixes them is kept whole), before Vite names the file by
// its content (an installed app's precache trusts that name).
const DARK_RULE = /(?<=^|[{}])([^{}@]*:where\(\.dark,\.dark \*\)[^{}]*)\{[^{}]*\}/g
const EMPTY_AT_RULE = /@(media|supports)[^{}]*\{\}/g
const withoutDarkRules = (css: string): string =>
  css
    .replace(DARK_RULE, (rule, selectors: string) =>
      // A comma in another selector's parentheses splits it too: that rule is kept (the safe side).
      selectors
        .replaceAll(':where(.dark,.dark *)', '\0')
        .split(',')
        .every((selector) => selector.includes('\0'))
        ? ''
        : rule,
    )
    .replace(EMPTY_AT_RULE, '')
// Placed after Tailwind's plugin, whose build output (flat, minified) this reads.
const noDarkVariant = {
  name: 'silo-no-dark-variant',
  apply: 'build' as const,
  transform(code: string, id: string) {
    if (id.endsWith('/src/app/styles.css')) return { code: withoutDarkRules(code), map: null }
  },
}

// The server's render of the first screen (src/app/server-render.tsx) built after the app, from
// the same sources and router plugin, into `<outDir>-ssr/` beside the app (never served, never
// precached): the server loads it from there (src/server/http/first-screen-render.ts).
const ROUTER_OPTIONS = {
  target: 'react' as const,
  autoCodeSplitting: true,
  // Loaders are split too (with their component): a route's loader imports its query
  // options, valibot schemas and domain rules, which otherwise all land in the entry chunk
  // for every screen at once. The first screen then loads only its own.
  codeSplittingOptions: {
    defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']] as [
      'loader' | 'component' | 'errorComponent' | 'notFoundComponent',
      ...('loader' | 'component' | 'errorComponent' | 'notFoundComponent')[],
    ][],
  },
  routesDirectory: 'src/app/routes',
  generatedRouteTree: 'src/app/routeTree.gen.ts',
}
let appOutDir = 'dist'
// The server-rendered pages' inline stylesheet (src/server/http/first-screen-css.ts): the app's rules that
// the server render's code can match, beside that render, where the server reads it.
let firstScreenCode: string[] = []
/** In the server render's build: the code of the chunks the history's render runs (the entry, the
 * layout's and the history's route chunks, what they import), for writeFirstScreenCss. */
const firstScreenChunks = {
  name: 'silo-first-screen-chunks',
  generateBundle(
    _: unknown,
    bundle: Record<
      string,
      { type: string; code?: string; imports?: string[]; isEntry?: boolean; moduleIds?: string[] }
    >,
  ) {
    const wanted = new Set<string>()
    const visit = (fileName: string) => {
      if (wanted.has(fileName)) return
      wanted.add(fileName)
      for (const dep of bundle[fileName]?.imports ?? []) visit(dep)
    }
    for (const [fileName, chunk] of Object.entries(bundle))
      if (chunk.type === 'chunk' && (chunk.isEntry || (chunk.moduleIds ?? []).some((id) => FIRST_ROUTES.test(id))))
        visit(fileName)
    firstScreenCode = [...wanted].map((fileName) => bundle[fileName]?.code ?? '')
  },
}
function writeFirstScreenCss(outDir: string) {
  const dir = resolve(new URL('.', import.meta.url).pathname, outDir).replace(/\/$/, '')
  const href = stylesheetOf(readFileSync(join(dir, 'index.html'), 'utf8'))
  if (!href) return
  const css = readFileSync(join(dir, href), 'utf8')
  // The offline notice the service worker writes into the kept page is part of that page too.
  const notice = readFileSync(new URL('./src/offline/kept-history.ts', import.meta.url), 'utf8')
  writeFileSync(join(`${dir}-ssr`, FIRST_SCREEN_CSS), firstScreenCss(css, [...firstScreenCode, notice]))
}
const firstScreenBuild = {
  name: 'silo-first-screen-ssr',
  apply: 'build' as const,
  configResolved(config: { build: { outDir: string; ssr: unknown } }) {
    appOutDir = config.build.outDir
  },
  closeBundle: {
    order: 'post' as const,
    sequential: true,
    async handler() {
      if (process.env.SILO_SSR_BUILD) return
      process.env.SILO_SSR_BUILD = '1'
      try {
        const { build } = await import('vite')
        await build({
          configFile: false,
          root: new URL('.', import.meta.url).pathname,
          logLevel: 'warn',
          publicDir: false,
          // Self-contained, React's production build inside: the server runs it as it is.
          define: {
            'process.env.NODE_ENV': JSON.stringify(
              process.env.NODE_ENV === 'development' ? 'development' : 'production',
            ),
          },
          ssr: { noExternal: true },
          plugins: [tanstackRouter(ROUTER_OPTIONS), react(), firstScreenChunks],
          build: {
            ssr: 'src/app/server-render.tsx',
            outDir: `${appOutDir.replace(/\/$/, '')}-ssr`,
            emptyOutDir: true,
            rollupOptions: { output: { entryFileNames: 'server-render.js' } },
          },
        })
        writeFirstScreenCss(appOutDir)
      } finally {
        delete process.env.SILO_SSR_BUILD
      }
    },
  },
}

export default defineConfig({
  plugins: isVitest
    ? [react()]
    : [
        tanstackRouter(ROUTER_OPTIONS),
        react(),
        konstaSources,
        tailwindcss(),
        noDarkVariant,
        VitePWA({
          strategies: 'injectManifest',
          srcDir: 'sw',
          filename: 'sw.ts',
          injectRegister: false,
          manifest,
          injectManifest: { globPatterns: ['**/*.{js,css,html,png,svg,webmanifest,woff2}'] },
          devOptions: { enabled: false },
        }),
        singleManifestLink,
        nonBlockingStylesheet,
        firstRoutePreload,
        precompress,
        firstScreenBuild,
      ],
  server: {
    // `npm run dev`: the API runs on its own (`npm run dev:server`), Vite proxies to it.
    proxy: Object.fromEntries(
      ['/web', '/public', '/security', '/api'].map((p) => [
        p,
        { target: `http://localhost:${serverPort}`, changeOrigin: false },
      ]),
    ),
  },
  build: {
    target: 'es2020',
    sourcemap: false,
    // The server finds the static sign-in page's script (src/app/sign-in.ts) in the build's
    // manifest (src/server/http/sign-in-page.ts).
    manifest: true,
    // No <link rel=modulepreload> per lazy chunk: Vite's helper appended one for every chunk a
    // dynamic import reaches, and each append cost about a millisecond of main thread (57 ms in
    // all on the history's load, unthrottled; 230 ms at 4× CPU, issue 29). The browser fetches a
    // lazy chunk's imports itself; the installed app has every chunk in its precache.
    modulePreload: false,
    rolldownOptions: {
      input: { index: 'index.html', 'sign-in': 'src/app/sign-in.ts' },
      treeshake: {
        // Konsta's components are side-effect free but set `X.displayName = …` at the top level of
        // their modules, which keeps every one of them (and their class helpers) in the bundle
        // although the app uses a handful. Saying so lets the unused ones go (about 25 KB gzip).
        moduleSideEffects: (id) => (/\/node_modules\/konsta\/.*\.js$/.test(id) ? false : undefined),
      },
      output: {
        // Left alone, the splitter cut the libraries every screen needs into some forty small
        // chunks (each with its own imports and worse compression). The first screen needs React,
        // the router and the query client in any case: one chunk. Dexie and luxon get their own,
        // loaded with their first user. Konsta stays out: the first screen does not use it.
        codeSplitting: {
          groups: [
            // What the static sign-in page's script (src/app/sign-in.ts) imports, which the app's
            // shell imports too: a chunk of its own, so that the page loads neither React nor the
            // shell (a few KB where the shell group would have taken them with it).
            { name: 'sign-in-page', test: SIGN_IN_PAGE, priority: 4 },
            {
              name: 'vendor',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack)[\\/]/,
              priority: 3,
            },
            { name: 'dexie', test: /[\\/]node_modules[\\/](dexie|dexie-react-hooks)[\\/]/, priority: 2 },
            { name: 'luxon', test: /[\\/]node_modules[\\/]luxon[\\/]/, priority: 2 },
            // The shell and the small shared ui modules every ordering screen renders: one chunk
            // rather than twenty (with what they import: the fetch client, the outbox sender).
            // Not the dialogs that are loaded on demand, nor Konsta's users.
            {
              name: 'shell',
              test: (id: string) => (SHELL.test(id) && !SHELL_LAZY.test(id)) || FIRST_SCREEN.test(id),
              priority: 1,
            },
            { name: 'db', test: DATABASE, priority: 1 },
            { name: 'after-paint', test: AFTER_PAINT, priority: 0 },
          ],
        },
      },
    },
  },
  test: {
    include: ['tests/{domain,api,offline,server,app,lint}/**/*.test.{ts,tsx}'],
    environment: 'node',
    // One embedded PostgreSQL for the run: the server tests' default database.
    globalSetup: ['tests/server/support/embedded-cluster.ts'],
    // Property tests on one seed per run (FC_SEED to explore others): CI never fails at random.
    setupFiles: ['tests/support/fast-check-seed.ts'],
    // Four files at a time on two cores: the server tests mostly wait (PostgreSQL, sockets, timers,
    // child processes), so one per core left the CPU idle. Measured on this machine: 260 s with
    // the default (one per core) → 111 s with 4, 107 s with 6.
    maxWorkers: 4,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    benchmark: { include: ['tests/bench/**/*.bench.ts'] },
  },
})
