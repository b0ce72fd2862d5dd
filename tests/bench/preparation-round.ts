// `npm run bench:preparation -- --tournee 10` (issue 52, item 5): an adviser prepares the round of
// the N largest members of the synthetic cooperative (most delivery lines) on the tablet, on the
// bench's slow link (1.6 Mbps down / 750 kbps up, 150 ms RTT, CDP), through the app itself: the
// members ticked in the search, « Préparer ma tournée », until every member says « Prêt hors
// connexion ». Beside it, in the same run, the largest member alone (a round of one). It prints the
// time to ready, the requests and bytes on the wire, and what the device keeps (IndexedDB estimate
// and the snapshots' JSON). Goal: ≤ N × the single member's time and ≤ 60 s in all.
//   PREP_COOPERATIVE_URL  the cooperative's database (`npm run seed:cooperative`, `npm run import`);
//                         the bench adds a staff account `tournee-bench` (password 'demo') to it,
//                         an adviser whose portfolio holds those members (portefeuilles)
//   PREP_PORT             the port of the server it starts (default 8196; this bench uses +3)
import { rmSync } from 'node:fs'
import { chromium, type Browser } from '@playwright/test'
import pg from 'pg'
import { hashPassword } from '../../src/server/auth/password'
import { builtApp, startSilo, tempDataDir } from '../support/silo'
import { chromiumLaunch } from '../chromium'

const url = process.env.PREP_COOPERATIVE_URL
if (!url) throw new Error('PREP_COOPERATIVE_URL : la base de la coopérative synthétique (docs/figures.md)')
const count = Number(process.argv[process.argv.indexOf('--tournee') + 1] ?? 10)
const port = Number(process.env.PREP_PORT ?? 8196) + 3
const LINK = { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 }
const STAFF = 'tournee-bench'

async function largestMembers(n: number): Promise<string[]> {
  const db = new pg.Client({ connectionString: url })
  await db.connect()
  try {
    const { rows } = await db.query<{ num_tiers: string }>(
      `select l.num_tiers from livraisons l join livraison_lignes x using (num_livraison)
        group by l.num_tiers order by count(*) desc, l.num_tiers limit $1`,
      [n],
    )
    await db.query(
      `insert into users (username, password_hash, display_name, roles)
       values ($1, $2, 'Conseiller du banc', '{COM_ALI_ECRITURE_PORTEFEUILLE}')
       on conflict (username) do update set password_hash = excluded.password_hash, desactive_a = null`,
      [STAFF, await hashPassword('demo')],
    )
    // An adviser bound to a portfolio (roles.ts#boundToPortfolio): the round's members are theirs.
    const members = rows.map((r) => r.num_tiers)
    await db.query(
      `insert into portefeuilles (username, num_tiers) select $1, unnest($2::text[]) on conflict do nothing`,
      [STAFF, members],
    )
    return members
  } finally {
    await db.end()
  }
}

async function round(browser: Browser, base: string, members: string[]) {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, serviceWorkers: 'block' })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  const urls = new Map<string, string>()
  const wire = { requests: 0, bytes: 0 }
  cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url))
  cdp.on('Network.loadingFinished', (e) => {
    if (!/\/hors-connexion|\/tournee/.test(urls.get(e.requestId) ?? '')) return
    wire.requests++
    wire.bytes += e.encodedDataLength
  })
  await page.goto(`${base}/security/login?redirectFrom=%2Fadmin%2Fconnect-as%2Fselection-tiers`)
  await page.fill('#username', STAFF)
  await page.fill('#password', 'demo')
  await page.click('button[type=submit]')
  await page.waitForURL(/selection-tiers/)
  for (const n of members) {
    await page.getByLabel("Nom ou numéro d'adhérent").fill(n)
    await page
      .getByRole('listitem')
      .filter({ hasText: `N° ${n}` })
      .getByRole('checkbox')
      .check()
  }
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...LINK })
  const section = page.getByRole('region', { name: /Ma tournée/ })
  const t0 = Date.now()
  await section.getByRole('button', { name: 'Préparer ma tournée' }).click()
  await section
    .getByText(/^(Prêt hors connexion|Pas préparé)/)
    .nth(members.length - 1)
    .waitFor({ timeout: 600_000 })
  const seconds = (Date.now() - t0) / 1000
  const notKept = await section.getByText(/^Pas préparé/).count()
  const kept = await page.evaluate(async () => {
    const rows = await new Promise<unknown[]>((resolve) => {
      const open = indexedDB.open('silo')
      open.onsuccess = () => {
        const req = open.result.transaction('snapshots').objectStore('snapshots').getAll()
        req.onsuccess = () => (open.result.close(), resolve(req.result as unknown[]))
      }
      open.onerror = () => resolve([])
    })
    const estimate = (await navigator.storage.estimate()) as StorageEstimate & {
      usageDetails?: { indexedDB?: number }
    }
    return { json: JSON.stringify(rows).length, indexedDB: estimate.usageDetails?.indexedDB ?? -1 }
  })
  await context.close()
  return { seconds, ...wire, notKept, ...kept }
}

const distDir = builtApp({ build: false })
const dataDir = tempDataDir('preparation-round')
const browser = await chromium.launch(chromiumLaunch)
const silo = await startSilo({
  port,
  env: { DATA_DIR: dataDir, DIST_DIR: distDir, DATABASE_URL: url, SEED: 'none' },
  stderr: 'inherit',
})
try {
  const members = await largestMembers(count)
  const base = `http://127.0.0.1:${port}`
  const one = await round(browser, base, members.slice(0, 1))
  const all = await round(browser, base, members)
  const row = (label: string, r: typeof one) => ({
    tournée: label,
    'prête en (s)': r.seconds.toFixed(1),
    requêtes: r.requests,
    'transféré (KB)': (r.bytes / 1024).toFixed(0),
    'IndexedDB estimate (KB)': r.indexedDB < 0 ? '—' : (r.indexedDB / 1024).toFixed(0),
    'instantanés JSON UTF-16 (KB)': ((r.json * 2) / 1024).toFixed(0),
    'non préparés': r.notKept,
  })
  console.log(`Tournée des ${count} plus gros adhérents, lien 1,6 Mbit/s / 750 kbit/s, 150 ms RTT (Chromium, CDP) :`)
  console.table([row(`1 (${members[0]})`, one), row(`${members.length}`, all)])
  const ratio = all.seconds / one.seconds
  console.log(
    `${members.length} adhérents : ${all.seconds.toFixed(1)} s, ${ratio.toFixed(1)} × un seul ` +
      `(objectif ≤ ${members.length} × et ≤ 60 s : ${ratio <= members.length && all.seconds <= 60 ? 'atteint' : 'non atteint'}).`,
  )
} finally {
  await silo.stop()
  await browser.close()
  rmSync(dataDir, { recursive: true, force: true })
}
