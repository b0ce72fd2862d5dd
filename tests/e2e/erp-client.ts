// The cooperative's ERP in the browser tests: an API key made as an operator would (`npm run
// api-key` on the running Silo's embedded database), and a client of the integration API only.
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { FluxCommandes } from '../../src/contract/integration'
import { checkedFetch } from '../server/support/openapi-check'
import { expect, serverURL } from './network-switch'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** An API key made as an operator would, on the running Silo's embedded database. */
export function createApiKey(): string {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'src/server/cli/api-key.ts', 'create', `ERP e2e ${Date.now()}`],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR!, DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    },
  )
  return /silo_[A-Za-z0-9_-]{43}/.exec(out)![0]
}

/**
 * The ERP: the integration API only, straight to the server (never through the farmer's network).
 * Each exchange is checked against the OpenAPI document the server serves (an ERP's client is
 * written from it alone): a mismatch fails the test.
 */
export function erp(key: string) {
  const headers = { authorization: `Bearer ${key}` }
  const fetch = checkedFetch(serverURL)
  return {
    async feed(apres: string): Promise<FluxCommandes> {
      const res = await fetch(`${serverURL}/api/integration/v1/commandes?apres=${apres}&limite=500`, { headers })
      expect(res.status).toBe(200)
      return (await res.json()) as FluxCommandes
    },
    /** The whole feed after `apres`, page by page: the orders and the cursor to keep. */
    async readAll(apres: string) {
      const seen: FluxCommandes['commandes'] = []
      let cursor = apres
      for (;;) {
        const page = await this.feed(cursor)
        seen.push(...page.commandes)
        cursor = page.suivant
        if (!page.encore) return { seen, cursor }
      }
    },
    async steps(numero: string, body: unknown) {
      const res = await fetch(`${serverURL}/api/integration/v1/commandes/${numero}/etapes`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify(body),
      })
      expect(res.status, await res.clone().text()).toBe(200)
      return res.json()
    },
    /** A delivery into the member's Historique (POST …/livraisons, docs/integration.md). */
    async delivery(body: unknown) {
      const res = await fetch(`${serverURL}/api/integration/v1/livraisons`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify(body),
      })
      expect(res.status, await res.clone().text()).toBe(201)
      return res.json()
    },
  }
}
