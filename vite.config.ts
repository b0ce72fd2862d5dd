/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { VitePWA } from 'vite-plugin-pwa'

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

export default defineConfig({
  plugins: isVitest
    ? [react()]
    : [
        tanstackRouter({
          target: 'react',
          autoCodeSplitting: true,
          routesDirectory: 'src/app/routes',
          generatedRouteTree: 'src/app/routeTree.gen.ts',
        }),
        react(),
        tailwindcss(),
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
      ],
  server: {
    // `npm run dev`: the API runs on its own (`npm run dev:server`), Vite proxies to it.
    proxy: Object.fromEntries(
      ['/web', '/public', '/security', '/api'].map((p) => [p, { target: `http://localhost:${serverPort}`, changeOrigin: false }]),
    ),
  },
  build: { target: 'es2020', sourcemap: false },
  test: {
    include: ['tests/{domain,api,offline,server,app}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    benchmark: { include: ['tests/bench/**/*.bench.ts'] },
  },
})
