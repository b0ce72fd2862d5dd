// The member's snapshot for no signal (issue 50): GET /web/v1/tiers/{numTiers}/hors-connexion
// answers what the individual routes answer, the per-article answers derived from its tables by
// src/domain/hors-connexion included; under a version (ETag) read from PostgreSQL that moves with
// any change in it (an order, an ERP post, a staff edit, an import), and 304 when the device
// already holds it; compressed per Accept-Encoding; for the member's own session, or staff acting
// for the member they chose.
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { DEMO } from '../../src/server/seed/demo'
import { ArticleCite, HorsConnexion, horsConnexionPath } from '../../src/contract/hors-connexion'
import {
  CONTRAINTES_LIVRAISON_PAR_DEFAUT,
  contraintesLivraisonDe,
  minerauxDe,
  parametresArticleDe,
  supplementationsDe,
  validationAdresseDe,
} from '../../src/domain/hors-connexion'
import { ETAPES_HISTORIQUE } from '../../src/domain/orders'
import { COMMANDE_PRECEDENTE } from '../../src/contract/commandes'
import { createApiKey } from '../../src/server/services/api-keys'
import { backends, type OpenedTestDb } from './support/databases'
import { withOpenApiCheck } from './support/openapi-check'
import { buildTestApp, get, send, signIn, TEST_TODAY } from './support/app'
import { orderLine } from './support/order-line'

describe.each(backends)('snapshot for no signal on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>
  let farmer: string
  let adviser: string
  let erpKey: string
  let n = 0

  beforeAll(async () => {
    opened = await backend.open()
    t = withOpenApiCheck(buildTestApp(opened.db))
    farmer = await signIn(t.app, DEMO.eleveur)
    adviser = await signIn(t.app, DEMO.conseiller)
    erpKey = (await createApiKey(opened.db, 'ERP')).key
  })
  afterAll(async () => opened?.close())

  const snapshot = (cookie: string, numTiers: string, headers: Record<string, string> = {}) =>
    t.app.request(horsConnexionPath(numTiers), { headers: { Host: 'localhost', Cookie: cookie, ...headers } })
  const etagOf = async (cookie = farmer, numTiers: string = DEMO.eleveur) => {
    const res = await snapshot(cookie, numTiers)
    expect(res.status).toBe(200)
    return res.headers.get('etag')!
  }
  const json = async (path: string, cookie: string) => {
    const res = await get(t.app, path, cookie)
    expect(res.status, path).toBe(200)
    return res.json()
  }
  const erp = (path: string, body: unknown) =>
    t.app.request(path, {
      method: 'POST',
      headers: {
        Host: 'localhost',
        'Content-Type': 'application/json',
        Authorization: `Bearer ${erpKey}`,
        'Idempotency-Key': `hors-connexion-${++n}-${Date.now()}`,
      },
      body: JSON.stringify(body),
    })
  const order = async () => {
    const res = await send(
      t.app,
      'POST',
      `/web/v1/tiers/${DEMO.eleveur}/commandes`,
      { numTiers: DEMO.eleveur, commande: { commentaire: 'Hors connexion', lignes: [orderLine()] } },
      farmer,
      { 'Idempotency-Key': `hors-connexion-commande-${++n}` },
    )
    expect(res.status).toBe(201)
    return ((await res.json()) as { numero: string }).numero
  }

  /** The snapshot against every individual route, per-article answers derived through src/domain. */
  async function sameAsTheRoutes(numTiers: string, cookie: string) {
    const res = await snapshot(cookie, numTiers)
    expect(res.status).toBe(200)
    const s = v.parse(HorsConnexion, await res.json())
    const base = `/web/v1/tiers/${numTiers}`
    expect(s.numTiers).toBe(numTiers)
    expect(s.tiers).toEqual(await json(base, cookie))
    expect(s.referentiel).toEqual(await json(`/web/v1/referentiel?numTiers=${numTiers}`, cookie))
    expect(s.parametresCommande).toEqual(
      await json(`/web/v1/referentiel/parametres-commande?numTiers=${numTiers}`, cookie),
    )
    expect(s.articles).toEqual(await json(`/web/v1/articles?commandablesByTiers=${numTiers}`, cookie))
    expect(s.lots).toEqual(await json(`${base}/lots`, cookie))
    expect(s.contrats).toEqual(await json(`${base}/contrats`, cookie))
    expect(s.exploitations).toEqual(await json(`${base}/exploitations`, cookie))
    expect(s.batiments).toEqual(await json(`${base}/batiments`, cookie))
    expect(s.reglementTiers).toEqual(await json(`${base}/reglement-tiers`, cookie))
    expect(s.incidentPaiement).toEqual(await json(`${base}/incident-paiement`, cookie))
    expect(s.commandesEnCours).toEqual(await json(`${base}/commandes/commandes-en-cours`, cookie))
    expect(s.livraisons).toEqual(await json(`${base}/livraisons`, cookie))
    const { dateDebut, dateFin } = s.commandesHistorique
    expect(dateFin).toBe(TEST_TODAY)
    const histo = await get(
      t.app,
      `${base}/commandes?etapes=${ETAPES_HISTORIQUE.join(',')}&dateDebut=${dateDebut}&dateFin=${dateFin}`,
      cookie,
    )
    expect(histo.status).toBe(200)
    expect(s.commandesHistorique.commandes).toEqual(await histo.json())
    expect(s.commandesHistorique.precedente).toBe(histo.headers.get(COMMANDE_PRECEDENTE))

    // Every orderable article and every article of the lots' plans, at every address.
    const numArticles = new Map(s.articles.map((a) => [a.numArticle, a.codeTypeArticle]))
    for (const lot of s.lots)
      for (const plan of lot.plansAlimentation)
        for (const tranche of plan.tranches)
          for (const a of tranche.articles) numArticles.set(a.numArticle, a.codeTypeArticle)
    expect(numArticles.size).toBeGreaterThan(0)
    let withSupplements = 0
    let byDefault = 0
    for (const c of s.tables.cites) v.parse(ArticleCite, c)
    for (const [num, type] of numArticles) {
      const q = `numTiers=${numTiers}`
      const supplements = await json(`/web/v1/articles/${type}/${num}/supplementations?${q}`, cookie)
      if (supplements.length > 0) withSupplements++
      expect(supplementationsDe(s.tables, num), num).toEqual(supplements)
      expect(minerauxDe(s.tables, num), num).toEqual(
        await json(`/web/v1/articles/${type}/${num}/mineraux?${q}`, cookie),
      )
      expect(parametresArticleDe(s.tables, s.parametresCommande, num), num).toEqual(
        await json(`/web/v1/referentiel/parametres-commande?${q}&numArticle=${num}`, cookie),
      )
      for (const { numAdr } of s.tiers.adresses) {
        const contraintes = await json(
          `/web/v1/articles/${type}/${num}/contraintes-livraison?${q}&numAdr=${numAdr}`,
          cookie,
        )
        expect(contraintesLivraisonDe(s.tables, num, numAdr), `${num} ${numAdr}`).toEqual(contraintes)
        // No row for the article at that address: the default, on both sides.
        if (!s.tables.contraintesLivraison.some((c) => c.numArticle === num && c.numAdr === numAdr)) {
          expect(contraintes).toEqual(CONTRAINTES_LIVRAISON_PAR_DEFAUT)
          byDefault++
        }
        expect(validationAdresseDe(s.tables, num, numAdr), `${num} ${numAdr}`).toEqual(
          await json(`/web/v1/articles/M/${num}/validationAdresseLivraison/${numTiers}/${numAdr}`, cookie),
        )
      }
    }
    expect(byDefault).toBeGreaterThan(0)
    return { snapshot: s, withSupplements }
  }

  it('holds what every individual route answers, for the farmer and for staff acting for a member', async () => {
    const own = await sameAsTheRoutes(DEMO.eleveur, farmer)
    expect(own.snapshot.articles.length).toBeGreaterThan(0)
    expect(own.withSupplements).toBeGreaterThan(0)
    expect(
      own.snapshot.tables.contraintesLivraison.length + own.snapshot.tables.incompatibilites.length,
    ).toBeGreaterThan(0)
    expect((await send(t.app, 'PUT', '/web/user/me/tiers', { numTiers: DEMO.volailles }, adviser)).status).toBe(200)
    const chosen = await sameAsTheRoutes(DEMO.volailles, adviser)
    expect(chosen.snapshot.lots.length).toBeGreaterThan(0)
  }, 90_000) // every route once per article and address, twice: 7 s alone, 30 s at a load of 12

  it('says its version in the ETag, kept privately and always asked again', async () => {
    const res = await snapshot(farmer, DEMO.eleveur)
    const body = (await res.json()) as HorsConnexion
    expect(res.headers.get('etag')).toBe(`"${body.version}"`)
    expect(body.version).toMatch(new RegExp(`-${TEST_TODAY.replaceAll('-', '')}$`))
    expect(res.headers.get('cache-control')).toBe('private, no-cache')
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i)
  })

  it('answers 304, with no body, to If-None-Match naming its version, 200 to another', async () => {
    const etag = await etagOf()
    const res = await snapshot(farmer, DEMO.eleveur, { 'If-None-Match': etag })
    expect(res.status).toBe(304)
    expect(res.headers.get('etag')).toBe(etag)
    expect(await res.text()).toBe('')
    expect((await snapshot(farmer, DEMO.eleveur, { 'If-None-Match': `W/${etag}, "x"` })).status).toBe(304)
    expect((await snapshot(farmer, DEMO.eleveur, { 'If-None-Match': '"0-0-20200101"' })).status).toBe(200)
  })

  it('answers a burst of 50 concurrent conditional requests with 50 × 304', async () => {
    const etag = await etagOf()
    const all = await Promise.all(
      Array.from({ length: 50 }, () => snapshot(farmer, DEMO.eleveur, { 'If-None-Match': etag })),
    )
    expect(all.map((r) => r.status)).toEqual(Array(50).fill(304))
  })

  it('is compressed with brotli or gzip as the request accepts, the same snapshot either way', async () => {
    // The app itself: the OpenAPI check reads bodies as text, not brotli.
    const plainApp = buildTestApp(opened.db).app
    const snapshot = (cookie: string, numTiers: string, headers: Record<string, string>) =>
      plainApp.request(horsConnexionPath(numTiers), { headers: { Host: 'localhost', Cookie: cookie, ...headers } })
    const plain = await (await snapshot(farmer, DEMO.eleveur, { 'Accept-Encoding': 'identity' })).text()
    expect(plain.length).toBeGreaterThan(1000)
    const br = await snapshot(farmer, DEMO.eleveur, { 'Accept-Encoding': 'gzip, deflate, br' })
    expect(br.headers.get('content-encoding')).toBe('br')
    const brBytes = Buffer.from(await br.arrayBuffer())
    expect(brotliDecompressSync(brBytes).toString()).toBe(plain)
    const gz = await snapshot(farmer, DEMO.eleveur, { 'Accept-Encoding': 'gzip' })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(plain)
    expect(brBytes.length).toBeLessThan(plain.length / 3)
  })

  it('moves with an order, and only that member’s', async () => {
    const mine = await etagOf()
    expect((await send(t.app, 'PUT', '/web/user/me/tiers', { numTiers: DEMO.volailles }, adviser)).status).toBe(200)
    const theirs = await etagOf(adviser, DEMO.volailles)
    await order()
    expect(await etagOf()).not.toBe(mine)
    expect(await etagOf(adviser, DEMO.volailles)).toBe(theirs)
  })

  it('moves with the ERP’s post of a delivery and of an order’s step', async () => {
    const before = await etagOf()
    const numLivraison = `BL-HC-${++n}`
    const delivered = await erp('/api/integration/v1/livraisons', {
      numLivraison,
      numTiers: DEMO.eleveur,
      dateEffectiveLivraison: TEST_TODAY,
      codeModeCamion: 'VIS',
      lignes: [{ numArticle: '410101', quantiteLivree: 8 }],
    })
    expect(delivered.status).toBe(201)
    const afterDelivery = await etagOf()
    expect(afterDelivery).not.toBe(before)
    const snap = (await (await snapshot(farmer, DEMO.eleveur)).json()) as HorsConnexion
    expect(snap.livraisons.lignes.some((l) => l.numLivraison === numLivraison)).toBe(true)

    const numero = await order()
    const afterOrder = await etagOf()
    const step = await erp(`/api/integration/v1/commandes/${numero}/etapes`, { etape: 'VALORISEE' })
    expect(step.status).toBe(200)
    expect(await etagOf()).not.toBe(afterOrder)
    const after = (await (await snapshot(farmer, DEMO.eleveur)).json()) as HorsConnexion
    expect(after.commandesEnCours.find((c) => c.numero === numero)?.lignes[0]?.etape).toBe('VALORISEE')
  })

  it('moves for every member with a staff edit of the parameters, the banner or an article, and not with a no-op', async () => {
    const admin = await signIn(t.app, DEMO.admin)
    const path = '/web/v1/parametres/DEFAULT/HORAIRE_COMMANDE/HEURE_PIVOT'
    const current = (await (await get(t.app, '/web/v1/parametres/DEFAULT', admin)).json()) as {
      categorie: string
      code: string
      value: string
    }[]
    const pivot = current.find((p) => p.code === 'HEURE_PIVOT')!
    const before = await etagOf()
    const other = await etagOf(adviser, DEMO.volailles)
    const next = pivot.value.startsWith('11') ? '12:00:00' : '11:00:00'
    const put = await send(t.app, 'PUT', path, { categorie: pivot.categorie, code: pivot.code, value: next }, admin)
    expect(put.status).toBe(200)
    const after = await etagOf()
    expect(after).not.toBe(before)
    expect(await etagOf(adviser, DEMO.volailles)).not.toBe(other)
    const s = (await (await snapshot(farmer, DEMO.eleveur)).json()) as HorsConnexion
    expect(s.parametresCommande.heurePivot).toContain(next.slice(0, 5))

    // An update that changes no row moves nothing.
    await opened.db.execute(sql`update parametres set value = value where false`)
    expect(await etagOf()).toBe(after)
    // The banner, written outside the app (the cooperative's system): seen at once, not in 30 s.
    await opened.db.execute(
      sql`insert into messages_bandeau (texte, date_debut) values ('Fermeture exceptionnelle', ${TEST_TODAY})`,
    )
    expect(await etagOf()).not.toBe(after)
    const banner = (await (await snapshot(farmer, DEMO.eleveur)).json()) as HorsConnexion
    expect(JSON.stringify(banner.referentiel)).toContain('Fermeture exceptionnelle')
  })

  it('moves when staff make an article orderable or not for the member', async () => {
    const admin = await signIn(t.app, DEMO.admin)
    expect((await send(t.app, 'PUT', '/web/user/me/tiers', { numTiers: DEMO.eleveur }, admin)).status).toBe(200)
    const before = await etagOf()
    const s = (await (await snapshot(farmer, DEMO.eleveur)).json()) as HorsConnexion
    const num = s.articles[0]!.numArticle
    const res = await send(
      t.app,
      'PATCH',
      `/web/v1/articles/${num}?numTiers=${DEMO.eleveur}`,
      { artCommandable: false },
      admin,
    )
    expect(res.status).toBe(200)
    expect(await etagOf()).not.toBe(before)
    const after = (await (await snapshot(farmer, DEMO.eleveur)).json()) as HorsConnexion
    expect(after.articles.some((a) => a.numArticle === num)).toBe(false)
  })

  it('moves with the day (contracts valid today, the history’s windows)', async () => {
    const before = await etagOf()
    t.clock.set(`${TEST_TODAY}T23:59:00`)
    // A session of that evening (the morning's has expired by then).
    const evening = await signIn(t.app, DEMO.eleveur)
    expect(await etagOf(evening)).toBe(before)
    t.clock.set('2026-11-24T00:01:00')
    const next = await etagOf(evening)
    expect(next).not.toBe(before)
    expect(next).toMatch(/-20261124"$/)
    t.clock.set(`${TEST_TODAY}T08:30:00`)
  })

  it('refuses another member’s snapshot (403) and a session-less one (401); staff get the chosen member’s only', async () => {
    const farmer = await signIn(t.app, DEMO.eleveur)
    const adviser = await signIn(t.app, DEMO.conseiller)
    const res = await snapshot(farmer, DEMO.volailles)
    expect(res.status).toBe(403)
    expect((await res.json()).message).toBeTruthy()
    expect((await get(t.app, horsConnexionPath(DEMO.eleveur))).status).toBe(401)
    expect((await send(t.app, 'PUT', '/web/user/me/tiers', { numTiers: DEMO.volailles }, adviser)).status).toBe(200)
    expect((await snapshot(adviser, DEMO.volailles)).status).toBe(200)
    expect((await snapshot(adviser, DEMO.eleveur)).status).toBe(403)
    // A conditional request for another member is refused too, before any version is said.
    const other = await snapshot(farmer, DEMO.volailles, { 'If-None-Match': '*' })
    expect(other.status).toBe(403)
    expect(other.headers.get('etag')).toBeNull()
  })
})
