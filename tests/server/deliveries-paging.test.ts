// Issue 17: the delivery history comes a page at a time within its 3-month window (the phone
// shows 12 lines), newest first, with the cursor of the rest of the window in the body (`suite`)
// and the header; a client sending no limite still gets a bounded page.
import { and, eq, gte, lte, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CURSEUR_SUIVANT } from '../../src/contract/commandes'
import { LIVRAISONS_LIMITE_DEFAUT, LIVRAISONS_PAGE, livraisonsPageSearch } from '../../src/contract/livraisons'
import { livraisonLignes, livraisons } from '../../src/server/db/schema'
import type { Db } from '../../src/server/db/client'
import { DEMO } from '../../src/server/seed/demo'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, get, send, signIn } from './support/app'

interface Line {
  numLivraison: string
  numLigne: number
  dateEffectiveLivraison: string
}
interface Page {
  dateDebut: string
  dateFin: string
  fin: boolean
  suite: string | null
  lignes: Line[]
}

/** 40 deliveries in the current window, four a day on the same dates (ties on the date), of 1 to
 * 4 lines; delivery numbers with a dot, a slash and an accent so the cursor's encoding is used. */
async function addManyDeliveries(db: Db, numTiers: string) {
  const heads = Array.from({ length: 40 }, (_, i) => ({
    numLivraison: `ZP.${String(i).padStart(3, '0')}${i % 5 === 0 ? '/é' : ''}`,
    numTiers,
    dateEffectiveLivraison: `2026-11-${String(10 - Math.floor(i / 4)).padStart(2, '0')}`,
    codeModeCamion: 'VIS',
  }))
  await db.insert(livraisons).values(heads)
  const lines = heads.flatMap((h, i) =>
    Array.from({ length: 1 + (i % 4) }, (_, j) => ({
      numLivraison: h.numLivraison,
      numLigne: j + 1,
      numArticle: '410101',
      quantiteLivree: 5,
      numAdresse: 1,
    })),
  )
  await db.insert(livraisonLignes).values(lines)
}

const key = (l: Line) => `${l.numLivraison}#${l.numLigne}`

describe.each(backends)('delivery history paging on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>
  let farmer: string
  const path = `/web/v1/tiers/${DEMO.eleveur}/livraisons`

  /** Follows `suite` from the first page of a window to its last; returns every page. */
  async function windowPages(query: string, cookie = farmer): Promise<Page[]> {
    const pages: Page[] = []
    let url: string | null = `${path}?${query}`
    while (url) {
      const res = await get(t.app, url, cookie)
      expect(res.status, url).toBe(200)
      const page = (await res.json()) as Page
      pages.push(page)
      expect(res.headers.get(CURSEUR_SUIVANT)).toBe(page.suite)
      url = page.suite ? `${path}?${query}&apres=${encodeURIComponent(page.suite)}` : null
      expect(pages.length).toBeLessThan(100)
    }
    return pages
  }

  beforeAll(async () => {
    opened = await backend.open()
    t = buildTestApp(opened.db)
    farmer = await signIn(t.app, DEMO.eleveur)
    await addManyDeliveries(opened.db, DEMO.eleveur)
  })
  afterAll(async () => opened?.close())

  it('pages of 12 cover the window exactly once, newest first, across deliveries of the same day', async () => {
    const pages = await windowPages(livraisonsPageSearch().slice(1))
    expect(livraisonsPageSearch()).toBe(`?limite=${LIVRAISONS_PAGE}`)
    expect(pages.slice(0, -1).every((p) => p.lignes.length === LIVRAISONS_PAGE)).toBe(true)
    expect(pages.at(-1)!.lignes.length).toBeLessThanOrEqual(LIVRAISONS_PAGE)
    expect(pages.at(-1)!.suite).toBeNull()
    for (const p of pages) expect(p).toMatchObject({ dateDebut: '2026-08-24', dateFin: '2026-11-23', fin: false })
    const lines = pages.flatMap((p) => p.lignes)
    expect(new Set(lines.map(key)).size).toBe(lines.length)

    // Every line of the window, as the database has them.
    const [{ n }] = (await opened.db
      .select({ n: sql<number>`count(*)::int` })
      .from(livraisonLignes)
      .innerJoin(livraisons, eq(livraisons.numLivraison, livraisonLignes.numLivraison))
      .where(
        and(
          eq(livraisons.numTiers, DEMO.eleveur),
          gte(livraisons.dateEffectiveLivraison, '2026-08-24'),
          lte(livraisons.dateEffectiveLivraison, '2026-11-23'),
        ),
      )) as [{ n: number }]
    expect(lines.length).toBe(n)
    expect(lines.filter((l) => l.numLivraison.startsWith('ZP.'))).toHaveLength(100)

    // Newest date first; within a date, delivery number descending, then line number.
    lines.slice(1).forEach((l, i) => {
      const p = lines[i]!
      const ordered =
        l.dateEffectiveLivraison < p.dateEffectiveLivraison ||
        (l.dateEffectiveLivraison === p.dateEffectiveLivraison &&
          (l.numLivraison < p.numLivraison || (l.numLivraison === p.numLivraison && l.numLigne > p.numLigne)))
      expect(ordered, `${key(p)} then ${key(l)}`).toBe(true)
    })

    // The same lines in the same order as one big page.
    const whole = await windowPages(`limite=200`)
    expect(whole.flatMap((p) => p.lignes).map(key)).toEqual(lines.map(key))
  })

  it('without limite a page is bounded, and an older window pages the same way', async () => {
    const res = await get(t.app, path, farmer)
    const first = (await res.json()) as Page
    expect(first.lignes.length).toBeLessThanOrEqual(LIVRAISONS_LIMITE_DEFAUT)
    if (first.suite) expect(first.lignes).toHaveLength(LIVRAISONS_LIMITE_DEFAUT)
    const older = await windowPages('dateFin=2026-08-23&limite=5')
    expect(older.length).toBeGreaterThan(1)
    const lines = older.flatMap((p) => p.lignes)
    expect(new Set(lines.map(key)).size).toBe(lines.length)
    for (const l of lines)
      expect(l.dateEffectiveLivraison >= '2026-05-24' && l.dateEffectiveLivraison <= '2026-08-23').toBe(true)
  })

  it('a bad limite or cursor is refused with a French reason, never a fault', async () => {
    const bad = [
      'limite=0',
      'limite=201',
      'limite=abc',
      'limite=-1',
      'limite=1.5',
      'apres=x',
      'apres=2026-11-10.1',
      'apres=2026-02-30.1.BL1',
      'apres=2026-11-10.99999999999.BL1',
      'apres=2026-11-10.1.%2500',
      'apres=2026-11-10.1.%25E0%25A4%25A',
      'apres=2026-11-10.1.%2500BL',
      'apres=2026-11-10.1.%250A',
      'apres=%00',
      'apres=2026-11-10.1.',
    ]
    for (const q of bad) {
      const res = await get(t.app, `${path}?${q}`, farmer)
      expect(res.status, q).toBe(400)
      expect((await res.json()).message, q).toMatch(/limite|Curseur|nombre|contrôle|attendu/)
    }
    // A well-formed cursor naming no line still answers a page: the lines after that position.
    const res = await get(t.app, `${path}?limite=3&apres=${encodeURIComponent('2026-11-09.1.ZZZ')}`, farmer)
    expect(res.status).toBe(200)
    for (const l of ((await res.json()) as Page).lignes) expect(l.dateEffectiveLivraison <= '2026-11-09').toBe(true)
  })

  it('another customer’s history is refused; staff acting for the member pages the same way', async () => {
    expect((await get(t.app, `/web/v1/tiers/${DEMO.volailles}/livraisons?limite=12`, farmer)).status).toBe(403)
    const staff = await signIn(t.app, DEMO.conseiller)
    expect((await send(t.app, 'PUT', '/web/user/me/tiers', { numTiers: DEMO.eleveur }, staff)).status).toBeLessThan(300)
    const mine = (await windowPages('limite=12')).flatMap((p) => p.lignes).map(key)
    const theirs = (await windowPages('limite=12', staff)).flatMap((p) => p.lignes).map(key)
    expect(theirs).toEqual(mine)
  })
})
