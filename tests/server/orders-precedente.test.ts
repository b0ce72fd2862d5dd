// Issue 49 item 8: a page of the order history that ends its period says where the next older
// order is (COMMANDE_PRECEDENTE, the day in Paris of the newest one before dateDebut with a line at
// one of the steps asked), so the app reaches a member's past orders however many empty 3-month
// windows lie between. The body stays the spec's array.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMMANDE_PRECEDENTE, CURSEUR_SUIVANT } from '../../src/contract/commandes'
import { ETAPES_HISTORIQUE } from '../../src/domain/orders'
import { DEMO } from '../../src/server/seed/demo'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, get, signIn } from './support/app'
import { addManyOrders } from './support/many-orders'

const etapes = ETAPES_HISTORIQUE.join(',')
const history = (numTiers: string, dateDebut: string, dateFin: string, more = '') =>
  `/web/v1/tiers/${numTiers}/commandes?etapes=${etapes}&dateDebut=${dateDebut}&dateFin=${dateFin}${more}`

describe.each(backends)('the next older order on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>
  let farmer: string

  beforeAll(async () => {
    opened = await backend.open()
    t = buildTestApp(opened.db)
    farmer = await signIn(t.app, DEMO.eleveur)
    const at = (iso: string) => new Date(iso)
    // 100001, years before the demo's orders: two invoiced orders late on 10 March 2021 (Paris),
    // one just after midnight on the 11th (still the 10th in UTC), one still in progress later on.
    await addManyOrders(opened.db, DEMO.eleveur, 1, 'FACTUREE', at('2021-03-10T21:30:00Z'), '9801')
    await addManyOrders(opened.db, DEMO.eleveur, 1, 'FACTUREE', at('2021-03-10T23:30:00Z'), '9802')
    await addManyOrders(opened.db, DEMO.eleveur, 1, 'ENREGISTREE', at('2021-06-01T08:00:00Z'), '9803')
    // Another member's older order is never told to this one.
    await addManyOrders(opened.db, DEMO.volailles, 1, 'FACTUREE', at('2021-05-01T08:00:00Z'), '9804')
    // Two orders in the window 2021-04-01 … 2021-06-30, the first exactly at its start (Paris).
    await addManyOrders(opened.db, DEMO.eleveur, 1, 'FACTUREE', at('2021-03-31T22:00:00Z'), '9805')
    await addManyOrders(opened.db, DEMO.eleveur, 1, 'SUPPRIMEE', at('2021-05-15T08:00:00Z'), '9806')
  })
  afterAll(async () => opened?.close())

  it('an empty window says the day (Paris) of the newest older order with a history step', async () => {
    const res = await get(t.app, history(DEMO.eleveur, '2021-07-01', '2021-09-30'), farmer)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual([])
    // The order in progress (2021-06-01) is not one of the steps asked: the next is on 2021-05-15.
    expect(res.headers.get(COMMANDE_PRECEDENTE)).toBe('2021-05-15')
  })

  it('the window holding it comes next; its last page names the one before, counted by the Paris day', async () => {
    const res = await get(t.app, history(DEMO.eleveur, '2021-04-01', '2021-06-30'), farmer)
    const numeros = ((await res.json()) as { numero: string }[]).map((c) => c.numero)
    // The order at 00:00 on 1 April in Paris (22:00 UTC the day before) is in the window.
    expect(numeros).toEqual(['9806000000', '9805000000'])
    expect(res.headers.get(CURSEUR_SUIVANT)).toBeNull()
    // 23:30 UTC on the 10th is 00:30 on the 11th in Paris.
    expect(res.headers.get(COMMANDE_PRECEDENTE)).toBe('2021-03-11')
  })

  it('a page with more of the window after it says nothing of older orders; its last page does', async () => {
    const first = await get(t.app, history(DEMO.eleveur, '2021-04-01', '2021-06-30', '&limite=1'), farmer)
    expect(await first.json()).toHaveLength(1)
    const cursor = first.headers.get(CURSEUR_SUIVANT)
    expect(cursor).toMatch(/^\d+\.\d+$/)
    expect(first.headers.get(COMMANDE_PRECEDENTE)).toBeNull()
    const last = await get(
      t.app,
      history(DEMO.eleveur, '2021-04-01', '2021-06-30', `&limite=1&apres=${cursor}`),
      farmer,
    )
    expect(await last.json()).toHaveLength(1)
    expect(last.headers.get(COMMANDE_PRECEDENTE)).toBe('2021-03-11')
  })

  it('nothing older: no header; another member’s orders are not told; the current orders never carry it', async () => {
    const oldest = await get(t.app, history(DEMO.eleveur, '2020-12-01', '2021-03-09'), farmer)
    expect(await oldest.json()).toEqual([])
    expect(oldest.headers.get(COMMANDE_PRECEDENTE)).toBeNull()
    const poultry = await signIn(t.app, DEMO.volailles)
    const theirs = await get(t.app, history(DEMO.volailles, '2021-07-01', '2021-09-30'), poultry)
    expect(theirs.headers.get(COMMANDE_PRECEDENTE)).toBe('2021-05-01')
    const mine = await get(t.app, history(DEMO.eleveur, '2021-03-12', '2021-03-31'), farmer)
    expect(mine.headers.get(COMMANDE_PRECEDENTE)).toBe('2021-03-11')
    const enCours = await get(t.app, `/web/v1/tiers/${DEMO.eleveur}/commandes/commandes-en-cours`, farmer)
    expect(enCours.headers.get(COMMANDE_PRECEDENTE)).toBeNull()
  })

  it('the OpenAPI document describes the header on the order history', async () => {
    const doc = await (await get(t.app, '/api/openapi.json')).json()
    const ok = doc.paths['/web/v1/tiers/{numTiers}/commandes'].get.responses['200']
    expect(ok.headers[COMMANDE_PRECEDENTE].schema).toEqual({ type: 'string', format: 'date' })
    expect(ok.headers[CURSEUR_SUIVANT].schema.type).toBe('string')
  })
})
