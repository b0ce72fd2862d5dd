// The catalog API (ordering-area §2, §3, §7, §9): what each call answers from the database, and
// that every call checks the session may act for the customer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { joursFeries } from '../../src/server/db/schema'
import { DEMO } from '../../src/server/seed/demo'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, get, send, signIn } from './support/app'

const customerPaths = (n: string) => [
  `/web/v1/tiers/${n}/livraisons`,
  `/web/v1/tiers/${n}/contrats`,
  `/web/v1/tiers/${n}/lots`,
  `/web/v1/tiers/${n}/batiments`,
  `/web/v1/tiers/${n}/exploitations`,
  `/web/v1/tiers/${n}/incident-paiement`,
  `/web/v1/tiers/${n}/reglement-tiers`,
  `/web/v1/articles?commandablesByTiers=${n}`,
  `/web/v1/articles/A/410101/supplementations?numTiers=${n}`,
  `/web/v1/articles/A/410101/mineraux?numTiers=${n}`,
  `/web/v1/articles/A/410101/contraintes-livraison?numTiers=${n}&numAdr=1`,
  `/web/v1/articles/M/470101/validationAdresseLivraison/${n}/1`,
  `/web/v1/referentiel/parametres-commande?numTiers=${n}`,
]

describe.each(backends)('catalog API on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>
  let farmer: string

  beforeAll(async () => {
    opened = await backend.open()
    t = buildTestApp(opened.db)
    farmer = await signIn(t.app, DEMO.eleveur)
  })
  afterAll(async () => opened?.close())

  const json = async (path: string, cookie = farmer) => {
    const res = await get(t.app, path, cookie)
    expect(res.status, path).toBe(200)
    return res.json()
  }

  it('a farmer gets 403 on every call for another customer, 401 without a session', async () => {
    for (const path of customerPaths(DEMO.volailles)) {
      const res = await get(t.app, path, farmer)
      expect(res.status, path).toBe(403)
      expect((await res.json()).message).toBeTruthy()
    }
    expect((await get(t.app, customerPaths(DEMO.eleveur)[0]!)).status).toBe(401)
  })

  it('the adviser acting for a member reads that member’s catalog', async () => {
    const adviser = await signIn(t.app, DEMO.conseiller)
    expect((await send(t.app, 'PUT', '/web/user/me/tiers', { numTiers: DEMO.volailles }, adviser)).status).toBe(200)
    for (const path of customerPaths(DEMO.volailles)) expect((await get(t.app, path, adviser)).status, path).toBe(200)
  })

  it('the delivery history answers 3-month windows, newest first, back to 2020-11-01', async () => {
    const first = await json(`/web/v1/tiers/${DEMO.eleveur}/livraisons`)
    expect(first.dateFin).toBe('2026-11-23')
    expect(first.dateDebut).toBe('2026-08-24')
    expect(first.fin).toBe(false)
    expect(first.lignes.length).toBeGreaterThan(5)
    const dates = first.lignes.map((l: { dateEffectiveLivraison: string }) => l.dateEffectiveLivraison)
    expect([...dates].sort().reverse()).toEqual(dates)
    for (const d of dates) expect(d >= first.dateDebut && d <= first.dateFin).toBe(true)
    // 100001 no longer buys 410103: its lines carry artCommandable false.
    const notOrderable = first.lignes.filter((l: { numArticle: string }) =>
      ['410103', '420108', '410109'].includes(l.numArticle),
    )
    for (const l of notOrderable) expect(l.artCommandable).toBe(false)
    const last = await json(`/web/v1/tiers/${DEMO.eleveur}/livraisons?dateFin=2021-01-15`)
    expect(last).toMatchObject({ dateDebut: '2020-11-01', dateFin: '2021-01-15', fin: true })
    const before = await get(t.app, `/web/v1/tiers/${DEMO.eleveur}/livraisons?dateFin=2020-10-31`, farmer)
    expect(before.status).toBe(400)
    expect((await before.json()).message).toBe("Impossible d'afficher plus de livraisons")
    expect((await get(t.app, `/web/v1/tiers/${DEMO.eleveur}/livraisons?dateFin=hier`, farmer)).status).toBe(400)
  })

  it('history lines carry the article’s delivery constraints at their address', async () => {
    const lines = []
    // Eight windows, each to its end (the rest of a window by its `suite` cursor).
    for (let dateFin: string | undefined = undefined, apres: string | null = null, i = 0; i < 8;) {
      const query = new URLSearchParams({ limite: '200', ...(dateFin ? { dateFin } : {}), ...(apres ? { apres } : {}) })
      const page = await json(`/web/v1/tiers/${DEMO.eleveur}/livraisons?${query}`)
      lines.push(...page.lignes)
      apres = page.suite
      if (apres) dateFin = page.dateFin
      else {
        dateFin = new Date(Date.parse(page.dateDebut) - 86_400_000).toISOString().slice(0, 10)
        i++
      }
    }
    const piglet = lines.find(
      (l: { numArticle: string; numAdresse: number }) => l.numArticle === '420101' && l.numAdresse === 2,
    )
    if (piglet)
      expect(piglet.contraintesLivraison).toMatchObject({
        delaisMinJoursOuvres: 2,
        lundi: false,
        mardi: true,
        jeudi: true,
      })
    expect(lines.some((l: { contraintesLivraison: unknown }) => l.contraintesLivraison === null)).toBe(true)
  })

  it('contracts: future ones flagged, ended ones left out', async () => {
    const contrats = await json(`/web/v1/tiers/${DEMO.eleveur}/contrats?typeTiers=ADH&numEntite=AGR`)
    const byNum = Object.fromEntries(contrats.map((c: { numContrat: string }) => [c.numContrat, c]))
    expect(byNum[DEMO.contrats.futur]).toMatchObject({ contratFutur: true })
    expect(byNum[DEMO.contrats.finProche]).toMatchObject({
      contratFutur: false,
      qteRestante: 35.5,
      libelleArticle: expect.any(String),
    })
    for (const c of contrats) expect(c.dateFin >= '2026-11-23').toBe(true)
  })

  it('lots with plans, tranches, articles and the tonnes ordered per article', async () => {
    const poultry = await signIn(t.app, DEMO.volailles)
    const lots = await json(`/web/v1/tiers/${DEMO.volailles}/lots`, poultry)
    const layers = lots.find((l: { numLot: string }) => l.numLot === DEMO.lots.pondeuses)
    expect(layers).toMatchObject({ nbAnimaux: 18000, numExploitation: 4, numBatiment: 41 })
    expect(layers.plansAlimentation[0].tranches.length).toBeGreaterThan(2)
    expect(layers.plansAlimentation[0].tranches[0].articles[0]).toMatchObject({
      numArticle: expect.any(String),
      libelle: expect.any(String),
      artCommandable: expect.any(Boolean),
    })
    expect(Object.values(layers.quantitesCommandees).some((q) => (q as number) > 0)).toBe(true)
    const twoPlans = lots.find((l: { numLot: string }) => l.numLot === DEMO.lots.chairDeuxPlans)
    expect(twoPlans.plansAlimentation).toHaveLength(2)
    expect(twoPlans.plansAlimentation.filter((p: { principal: boolean }) => p.principal)).toHaveLength(1)
    expect(await json(`/web/v1/tiers/${DEMO.eleveur}/lots`)).toEqual([])
  })

  it('buildings carry their storage places; exploitations their labels', async () => {
    const poultry = await signIn(t.app, DEMO.volailles)
    const batiments = await json(`/web/v1/tiers/${DEMO.volailles}/batiments`, poultry)
    expect(batiments.find((b: { numBatiment: number }) => b.numBatiment === 41)).toMatchObject({
      numExploitation: 4,
      typesSilo: expect.any(Array),
    })
    expect(batiments.some((b: { typesSilo: unknown[] }) => b.typesSilo.length > 0)).toBe(true)
    const exploitations = await json(`/web/v1/tiers/${DEMO.volailles}/exploitations`, poultry)
    expect(exploitations.map((e: { numExploitation: number }) => e.numExploitation)).toEqual(
      expect.arrayContaining([3, 4]),
    )
  })

  it('orderable articles: the customer’s own flags and the MI 47010 exclusion', async () => {
    const list = await json(`/web/v1/articles?commandablesByTiers=${DEMO.eleveur}`)
    const nums = new Set(list.map((a: { numArticle: string }) => a.numArticle))
    expect(nums.has('410101')).toBe(true)
    expect(nums.has('410103')).toBe(false) // disabled for 100001
    expect(nums.has('410112')).toBe(true) // added by staff for 100001
    expect(nums.has('470106')).toBe(false) // MI with category 47010
    const other = await json(
      `/web/v1/articles?commandablesByTiers=${DEMO.volailles}`,
      await signIn(t.app, DEMO.volailles),
    )
    expect(other.some((a: { numArticle: string }) => a.numArticle === '410103')).toBe(true)
    expect((await get(t.app, '/web/v1/articles', farmer)).status).toBe(400)
  })

  it('supplementations, minerals, delivery constraints and address validation of an article', async () => {
    const sups = await json(`/web/v1/articles/A/410101/supplementations?numTiers=${DEMO.eleveur}`)
    expect(sups.length).toBeGreaterThan(0)
    expect(sups[0]).toMatchObject({
      numArticle: expect.any(String),
      libelleLong: expect.any(String),
      groupe: expect.any(String),
    })
    expect(Array.isArray(await json(`/web/v1/articles/A/410101/mineraux?numTiers=${DEMO.eleveur}`))).toBe(true)
    expect(
      await json(`/web/v1/articles/A/420101/contraintes-livraison?numTiers=${DEMO.eleveur}&numAdr=2`),
    ).toMatchObject({
      delaisMinJoursOuvres: 2,
      lundi: false,
      mardi: true,
      mercredi: false,
      jeudi: true,
      vendredi: false,
    })
    // No row: no extra delay, Monday to Friday.
    expect(
      await json(`/web/v1/articles/A/410102/contraintes-livraison?numTiers=${DEMO.eleveur}&numAdr=3`),
    ).toMatchObject({ delaisMinJoursOuvres: 0, lundi: true, samedi: false })
    expect(await json(`/web/v1/articles/M/470101/validationAdresseLivraison/${DEMO.eleveur}/3`)).toMatchObject({
      valid: false,
    })
    expect(await json(`/web/v1/articles/M/470101/validationAdresseLivraison/${DEMO.eleveur}/1`)).toEqual({
      valid: true,
      motif: null,
    })
    const unknown = await get(t.app, `/web/v1/articles/A/999999/mineraux?numTiers=${DEMO.eleveur}`, farmer)
    expect(unknown.status).toBe(404)
    expect((await unknown.json()).message).toBe('Article inconnu')
    expect(
      (await get(t.app, `/web/v1/articles/A/410101/contraintes-livraison?numTiers=${DEMO.eleveur}&numAdr=x`, farmer))
        .status,
    ).toBe(400)
  })

  it('days without delivery: the national holidays from the shared calendar, and the cooperative’s own closed days from its table', async () => {
    await opened.db.insert(joursFeries).values({ date: '2026-12-26', libelle: 'Saint-Étienne (Alsace-Moselle)' })
    try {
      const p = await json(`/web/v1/referentiel/parametres-commande?numTiers=${DEMO.eleveur}`)
      const days = p.joursFeries as { date: string; libelle: string }[]
      expect(days.filter((j) => j.date >= '2026-12-20' && j.date <= '2027-01-05')).toEqual([
        { date: '2026-12-25', libelle: 'Noël' },
        { date: '2026-12-26', libelle: 'Saint-Étienne (Alsace-Moselle)' },
        { date: '2027-01-01', libelle: "Jour de l'an" },
      ])
      expect(days.map((j) => j.date)).toEqual([...days.map((j) => j.date)].sort())
    } finally {
      await opened.db.delete(joursFeries).where(eq(joursFeries.date, '2026-12-26'))
    }
  })

  it('order parameters: defaults, holidays ahead, an article’s bounds', async () => {
    const p = await json(`/web/v1/referentiel/parametres-commande?numTiers=${DEMO.eleveur}&numArticle=410107`)
    expect(p.heurePivot).toBe('10:00:00')
    expect(p.joursFeries.map((j: { date: string }) => j.date)).toEqual(
      expect.arrayContaining(['2026-12-25', '2027-01-01']),
    )
    expect(p.contraintesArticle).toEqual({ quantiteMin: 1, quantiteMax: 1, quantiteMaxMineral: null })
    expect(p.modesCamion.BENNE).toMatchObject({ min: 25, max: 29, delaiHeures: 48 })
    expect(p.typesSiloDefault.length).toBeGreaterThan(0)
    const plain = await json(`/web/v1/referentiel/parametres-commande?numTiers=${DEMO.eleveur}`)
    expect(plain.contraintesArticle).toBeNull()
  })

  it('payment incident: blocking for 100003, none for 100001; payment modes with the default first', async () => {
    expect(await json(`/web/v1/tiers/${DEMO.eleveur}/incident-paiement?typeTiers=ADH&numEntite=AGR`)).toMatchObject({
      bloquant: false,
    })
    const blocked = await signIn(t.app, DEMO.contentieux)
    expect(await json(`/web/v1/tiers/${DEMO.contentieux}/incident-paiement`, blocked)).toMatchObject({ bloquant: true })
    const reglement = await json(`/web/v1/tiers/${DEMO.eleveur}/reglement-tiers`)
    expect(reglement.modes[0].parDefaut).toBe(true)
    expect(reglement.modes.filter((m: { parDefaut: boolean }) => m.parDefaut)).toHaveLength(1)
    expect(reglement.domiciliations.length).toBeGreaterThan(0)
  })

  it('the catalog calls take typeTiers, numEntite, dateValidite, numArticle and codeTArt as §7 lists them', async () => {
    const e = `/web/v1/tiers/${DEMO.eleveur}`
    const who = 'typeTiers=ADH&numEntite=AGR'
    expect(await json(`${e}/incident-paiement?${who}`)).toMatchObject({ bloquant: false })
    expect(Array.isArray(await json(`${e}/contrats?${who}&dateValidite=2026-11-25`))).toBe(true)
    expect((await json(`${e}/reglement-tiers?${who}&numArticle=410102&codeTArt=A`)).modes.length).toBeGreaterThan(0)
    const proposals = await json(
      `${e}/reglement-commande?${who}&numArticle=410102&codeTArt=A&dateValidite=2026-11-25&numLot=VL10231`,
    )
    expect(proposals.length).toBeGreaterThan(0)
    // Malformed: 400 naming the parameter in French, before anything is read.
    for (const [path, field] of [
      [`${e}/incident-paiement?typeTiers=adh%3B&numEntite=AGR`, 'typeTiers'],
      [`${e}/contrats?${who}&dateValidite=2026-02-30`, 'dateValidite'],
      [`${e}/reglement-tiers?${who}&numArticle=41%2001`, 'numArticle'],
      [`${e}/reglement-tiers?${who}&codeTArt=a1`, 'codeTArt'],
      [`${e}/reglement-commande?numEntite=A.G.R&numArticle=410102&dateValidite=2026-11-25`, 'numEntite'],
    ] as const) {
      const res = await get(t.app, path, farmer)
      expect(res.status, path).toBe(400)
      expect((await res.json()).message, path).toMatch(new RegExp(`^Requête invalide \\(paramètres\\) : ${field} : `))
    }
    // The server answers from its own rows: another entity holds nothing for this customer, an
    // unknown article has no terms.
    const other = await get(t.app, `${e}/contrats?typeTiers=ADH&numEntite=VGM`, farmer)
    expect(other.status).toBe(404)
    expect((await other.json()).message).toBe(`Le tiers ${DEMO.eleveur} n’est pas rattaché à l’entité VGM`)
    const unknown = await get(t.app, `${e}/reglement-tiers?${who}&numArticle=999999`, farmer)
    expect([unknown.status, (await unknown.json()).message]).toEqual([404, 'Article 999999 inconnu'])
  })

  it('typeTiers sent by the app decides nothing: the access and the answer come from the server’s rows', async () => {
    const blocked = await signIn(t.app, DEMO.contentieux)
    const path = `/web/v1/tiers/${DEMO.contentieux}/incident-paiement`
    // The blocked customer stays blocked whatever type it claims…
    for (const typeTiers of ['ADH', 'CLI', 'ADM'])
      expect(await json(`${path}?typeTiers=${typeTiers}&numEntite=AGR`, blocked)).toMatchObject({ bloquant: true })
    // …and no type opens another customer's data.
    expect((await get(t.app, `${path}?typeTiers=ADM&numEntite=AGR`, farmer)).status).toBe(403)
  })
})

describe.each(backends)('orders API on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>
  beforeAll(async () => {
    opened = await backend.open()
    t = buildTestApp(opened.db)
  })
  afterAll(async () => opened?.close())

  it('current orders have a line in progress; the history filters by steps and window', async () => {
    const farmer = await signIn(t.app, DEMO.eleveur)
    const enCours = await (
      await get(t.app, `/web/v1/tiers/${DEMO.eleveur}/commandes/commandes-en-cours`, farmer)
    ).json()
    expect(enCours.length).toBeGreaterThan(0)
    for (const c of enCours) {
      expect(
        c.lignes.some((l: { etape: string }) =>
          ['ENREGISTREE', 'PREPAREE', 'VALORISEE', 'LOGISTIQUE', 'LIVREE'].includes(l.etape),
        ),
      ).toBe(true)
      expect(c).toMatchObject({ numero: expect.any(String), date: expect.any(String), etape: expect.any(String) })
    }
    const res = await get(
      t.app,
      `/web/v1/tiers/${DEMO.eleveur}/commandes?etapes=FACTUREE,ERREUR,SUPPRIMEE&dateDebut=2026-08-24&dateFin=2026-11-23`,
      farmer,
    )
    expect(res.status).toBe(200)
    const historique = await res.json()
    for (const c of historique) {
      expect(c.date >= '2026-08-23' && c.date <= '2026-11-24').toBe(true)
      expect(c.lignes.some((l: { etape: string }) => ['FACTUREE', 'ERREUR', 'SUPPRIMEE'].includes(l.etape))).toBe(true)
    }
    const one = enCours[0]
    const detail = await (await get(t.app, `/web/v1/tiers/${DEMO.eleveur}/commandes/${one.numero}`, farmer)).json()
    expect(detail).toEqual(one)
    expect((await get(t.app, `/web/v1/tiers/${DEMO.eleveur}/commandes/123`, farmer)).status).toBe(404)
    expect(
      (
        await get(
          t.app,
          `/web/v1/tiers/${DEMO.eleveur}/commandes?etapes=FACTUREE&dateDebut=2026-11-23&dateFin=2026-11-01`,
          farmer,
        )
      ).status,
    ).toBe(400)
    expect(
      (
        await get(
          t.app,
          `/web/v1/tiers/${DEMO.eleveur}/commandes?etapes=factur%C3%A9e&dateDebut=2026-11-01&dateFin=2026-11-23`,
          farmer,
        )
      ).status,
    ).toBe(400)
    // Another customer's orders: 403, even by number.
    expect((await get(t.app, `/web/v1/tiers/${DEMO.volailles}/commandes/commandes-en-cours`, farmer)).status).toBe(403)
    expect((await get(t.app, `/web/v1/tiers/${DEMO.volailles}/commandes/${one.numero}`, farmer)).status).toBe(403)
  })
})
