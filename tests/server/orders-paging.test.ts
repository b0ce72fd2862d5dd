// Issue 17: the current orders and the order history come newest first, a page at a time, with the
// next page's cursor in a header; a client sending nothing new gets the spec's array, bounded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CURSEUR_SUIVANT, LIMITE_DEFAUT } from '../../src/contract/commandes'
import { DEMO } from '../../src/server/seed/demo'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, get, send, signIn } from './support/app'
import { addManyOrders } from './support/many-orders'

interface Row {
  id: number
  numero: string
  date: string
}

describe.each(backends)('orders paging on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>
  let farmer: string
  const path = `/web/v1/tiers/${DEMO.eleveur}/commandes`
  const added = 130

  /** Follows the cursors from the first page to the last; returns every page's rows. */
  async function allPages(first: string, cookie = farmer): Promise<Row[][]> {
    const pages: Row[][] = []
    let url: string | null = first
    while (url) {
      const res = await get(t.app, url, cookie)
      expect(res.status).toBe(200)
      pages.push(await res.json())
      const next = res.headers.get(CURSEUR_SUIVANT)
      url = next ? `${first}${first.includes('?') ? '&' : '?'}apres=${next}` : null
      expect(pages.length).toBeLessThan(50)
    }
    return pages
  }

  beforeAll(async () => {
    opened = await backend.open()
    t = buildTestApp(opened.db)
    farmer = await signIn(t.app, DEMO.eleveur)
    await addManyOrders(opened.db, DEMO.eleveur, added, 'ENREGISTREE', new Date(), '91')
    await addManyOrders(opened.db, DEMO.eleveur, added, 'FACTUREE', new Date(Date.now() - 86_400_000), '92')
  })
  afterAll(async () => opened?.close())

  it('the current orders come 50 at a time by default, each once, newest first, and the last page says no more', async () => {
    const first = await get(t.app, `${path}/commandes-en-cours`, farmer)
    expect(first.status).toBe(200)
    expect(await first.json()).toHaveLength(LIMITE_DEFAUT)
    expect(first.headers.get(CURSEUR_SUIVANT)).toMatch(/^\d+\.\d+$/)
    const pages = await allPages(`${path}/commandes-en-cours`)
    const rows = pages.flat()
    expect(rows.filter((r) => r.numero.startsWith('91'))).toHaveLength(added)
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length)
    const keys = rows.map((r) => [Date.parse(r.date), r.id] as const)
    keys
      .slice(1)
      .forEach(([ms, id], i) => expect(ms < keys[i]![0] || (ms === keys[i]![0] && id < keys[i]![1])).toBe(true))
    expect(pages.at(-1)!.length).toBeLessThanOrEqual(LIMITE_DEFAUT)
  })

  it('limite sets the page size, and orders sharing their instant are split by id without loss', async () => {
    const pages = await allPages(`${path}/commandes-en-cours?limite=7`)
    expect(pages.slice(0, -1).every((p) => p.length === 7)).toBe(true)
    const numeros = pages
      .flat()
      .map((r) => r.numero)
      .filter((n) => n.startsWith('91'))
    expect(new Set(numeros).size).toBe(added)
  })

  it('the order history pages within its window the same way', async () => {
    const today = new Date().toISOString().slice(0, 10)
    const from = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)
    const first = `${path}?etapes=FACTUREE,ERREUR,SUPPRIMEE&dateDebut=${from}&dateFin=${today}&limite=40`
    const pages = await allPages(first)
    expect(pages[0]).toHaveLength(40)
    expect(pages.flat().filter((r) => r.numero.startsWith('92'))).toHaveLength(added)
  })

  it('a bad limite or cursor is refused with a French reason', async () => {
    for (const q of [
      'limite=0',
      'limite=201',
      'limite=abc',
      'apres=x',
      'apres=1.2.3',
      'apres=99999999999999999.1',
      'apres=1%00.2',
    ]) {
      const res = await get(t.app, `${path}/commandes-en-cours?${q}`, farmer)
      expect(res.status, q).toBe(400)
      expect((await res.json()).message, q).toMatch(/limite|Curseur|nombre|contrôle/)
    }
  })

  it('staff acting for the member pages the same way', async () => {
    const staff = await signIn(t.app, DEMO.conseiller)
    expect((await send(t.app, 'PUT', '/web/user/me/tiers', { numTiers: DEMO.eleveur }, staff)).status).toBeLessThan(300)
    const pages = await allPages(`${path}/commandes-en-cours?limite=100`, staff)
    expect(pages[0]).toHaveLength(100)
    expect(pages.flat().filter((r) => r.numero.startsWith('91'))).toHaveLength(added)
  })
})
