// Browser tests: Debian's Chromium (never a downloaded browser) against the real server serving
// the built app (`vite build` runs first, see `npm run test:e2e`), on a fresh embedded database.
import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { chromiumLaunch } from '../chromium'

const PORT = Number(process.env.E2E_PORT ?? 8181)
export const baseURL = `http://localhost:${PORT}`
// Kept in the environment, so the test workers (which read this file again) name the same folder:
// erp-client.ts makes its API key there with `npm run api-key`, imported-member.spec.ts imports there.
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'silo-e2e-')))
// The mail catcher's port (mail-catcher.ts), free now, kept the same way for the workers.
const freePort = () =>
  execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString()
const smtpPort = (process.env.E2E_SMTP_PORT ??= freePort())

export default defineConfig({
  testDir: '.',
  // One folder per shard (tests/e2e/shards.ts): Playwright empties its folder when it starts.
  outputDir: `../../test-results/e2e${process.env.E2E_SHARD ? `-${process.env.E2E_SHARD}` : ''}`,
  fullyParallel: false,
  workers: 1,
  globalSetup: './mail-catcher.ts',
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    // Recorded on the retry of a failed test only: recording every test (retain-on-failure) takes
    // CPU from the two cores the shards share, for traces thrown away when the test passes.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    serviceWorkers: 'allow',
    // The cookie banner is accepted up front (cookie-consent.spec.ts tests it on its own).
    storageState: {
      cookies: [
        {
          name: 'COOKIE_CONSENT',
          value: 'true',
          domain: 'localhost',
          path: '/',
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: 'Lax',
        },
      ],
      origins: [],
    },
    launchOptions: chromiumLaunch,
  },
  projects: [
    { name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, browserName: 'chromium' } },
  ],
  webServer: {
    // The compiled server, as npm start runs it (compiled first when missing or older).
    command: 'node scripts/server.mjs main',
    cwd: '../..',
    url: `${baseURL}/public/infos/version`,
    timeout: 120_000,
    reuseExistingServer: false,
    // SIGTERM, not Playwright's default SIGKILL: Silo then stops its embedded PostgreSQL, which
    // runs detached and would otherwise outlive the test run.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    // DATABASE_URL emptied: each shard's Silo on its own embedded database. CI exports one for the
    // server tests; inherited here, both shards' Silos shared it and each saw the other's orders
    // (a test counting its orders found one more).
    // Its mails go to the mail catcher (mail-catcher.ts), a real SMTP server.
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      SEED: 'demo',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    },
  },
})
