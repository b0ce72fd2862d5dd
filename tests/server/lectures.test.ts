// POST /web/v1/lectures (issue 29): several reference reads in one request, each answered exactly
// as the same read alone — its body, its status, its refusal for a customer the session may not
// act for — in the order asked; anything but the listed reads refused before any is made.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LECTURES_MAX, LECTURES_PATH } from '../../src/contract/lectures'
import { DEMO } from '../../src/server/seed/demo'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, get, send, signIn } from './support/app'

const reads = (n: string) => [
  `/web/v1/articles/A/410101/supplementations?numTiers=${n}`,
  `/web/v1/articles/A/410101/mineraux?numTiers=${n}`,
  `/web/v1/articles/A/420101/contraintes-livraison?numTiers=${n}&numAdr=2`,
  `/web/v1/referentiel/parametres-commande?numTiers=${n}&numArticle=410101`,
  `/web/v1/tiers/${n}/reglement-tiers?numArticle=410102&codeTArt=A`,
]

describe.each(backends)('grouped reads on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>
  let farmer: string

  beforeAll(async () => {
    opened = await backend.open()
    t = buildTestApp(opened.db)
    farmer = await signIn(t.app, DEMO.eleveur)
  })
  afterAll(async () => opened?.close())

  const grouped = async (chemins: string[], cookie = farmer) => {
    const res = await send(t.app, 'POST', LECTURES_PATH, { chemins }, cookie)
    return { status: res.status, body: await res.json() }
  }

  it('answers each read as it is answered alone, in the order asked', async () => {
    const chemins = [...reads(DEMO.eleveur), `/web/v1/articles/A/999999/mineraux?numTiers=${DEMO.eleveur}`]
    const { status, body } = await grouped(chemins)
    expect(status).toBe(200)
    expect(body.reponses).toHaveLength(chemins.length)
    for (const [i, chemin] of chemins.entries()) {
      const alone = await get(t.app, chemin, farmer)
      expect(body.reponses[i], chemin).toEqual({ statut: alone.status, corps: await alone.json() })
    }
    expect(body.reponses[0].statut).toBe(200)
  })

  it('a read for a customer the session may not act for is refused in its place, the others answered', async () => {
    const { status, body } = await grouped([...reads(DEMO.volailles), ...reads(DEMO.eleveur)])
    expect(status).toBe(200)
    const statuts = body.reponses.map((r: { statut: number }) => r.statut)
    expect(statuts).toEqual([403, 403, 403, 403, 403, 200, 200, 200, 200, 200])
    expect(body.reponses[0].corps.message).toBeTruthy()
  })

  it('staff read for the member they chose, and only for them', async () => {
    const adviser = await signIn(t.app, DEMO.conseiller)
    expect((await send(t.app, 'PUT', '/web/user/me/tiers', { numTiers: DEMO.volailles }, adviser)).status).toBe(200)
    const { body } = await grouped([...reads(DEMO.volailles), reads(DEMO.eleveur)[0]!], adviser)
    expect(body.reponses.map((r: { statut: number }) => r.statut)).toEqual([200, 200, 200, 200, 200, 403])
  })

  it('refuses, in French and before any read, what is not a listed read, too many reads, or no session', async () => {
    for (const chemins of [
      [`/web/v1/tiers/${DEMO.eleveur}/livraisons`],
      [`/web/v1/tiers/${DEMO.eleveur}/commandes`],
      ['/security/logout'],
      [LECTURES_PATH],
      ['https://example.org/web/v1/referentiel/parametres-commande'],
      [`/web/v1/articles/A/410101/../../../tiers/${DEMO.eleveur}/livraisons`],
      [],
      Array.from({ length: LECTURES_MAX + 1 }, () => reads(DEMO.eleveur)[0]!),
    ]) {
      const { status, body } = await grouped(chemins)
      expect(status, JSON.stringify(chemins).slice(0, 80)).toBe(400)
      expect(body.message).toMatch(
        /Lecture non groupable|Chemin de lecture non normalisé|Au moins une lecture|Au plus 100 lectures/,
      )
    }
    expect((await send(t.app, 'POST', LECTURES_PATH, { chemins: reads(DEMO.eleveur) })).status).toBe(401)
    expect((await send(t.app, 'POST', LECTURES_PATH, 'pas du json', farmer)).status).toBe(400)
  })

  it('a burst of groups gets every answer right', async () => {
    const chemins = reads(DEMO.eleveur)
    const all = await Promise.all(Array.from({ length: 8 }, () => grouped(chemins)))
    for (const { status, body } of all) {
      expect(status).toBe(200)
      expect(body.reponses.map((r: { statut: number }) => r.statut)).toEqual([200, 200, 200, 200, 200])
    }
  })
})
