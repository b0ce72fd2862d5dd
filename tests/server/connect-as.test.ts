// Staff act only for the member they chose (connect-as), every staff write is audited with both
// names, and requests are bounded: a session before anything is validated, bodies before parsing.
import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, commandes } from '../../src/server/db/schema'
import { DEMO } from '../../src/server/seed/demo'
import { findTiers } from '../../src/server/services/tiers'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, get, send, signIn } from './support/app'

/** Every customer-scoped read: paths under /web/v1/tiers/{n}, and those naming n in the query. */
const customerPaths = (n: string) => [
  `/web/v1/tiers/${n}`,
  `/web/v1/tiers/${n}/livraisons`,
  `/web/v1/tiers/${n}/contrats`,
  `/web/v1/tiers/${n}/lots`,
  `/web/v1/tiers/${n}/batiments`,
  `/web/v1/tiers/${n}/exploitations`,
  `/web/v1/tiers/${n}/incident-paiement`,
  `/web/v1/tiers/${n}/reglement-tiers`,
  `/web/v1/tiers/${n}/reglement-commande?numArticle=410102&codeTArt=A&dateValidite=2026-11-25`,
  `/web/v1/tiers/${n}/commandes/commandes-en-cours`,
  `/web/v1/tiers/${n}/commandes?etapes=EC,LI&dateDebut=2026-01-01&dateFin=2026-11-23`,
  `/web/v1/articles?commandablesByTiers=${n}`,
  `/web/v1/articles/A/410101/supplementations?numTiers=${n}`,
  `/web/v1/articles/A/410101/mineraux?numTiers=${n}`,
  `/web/v1/articles/A/410101/contraintes-livraison?numTiers=${n}&numAdr=1`,
  `/web/v1/articles/M/470101/validationAdresseLivraison/${n}/1`,
  `/web/v1/referentiel?numTiers=${n}`,
  `/web/v1/referentiel/parametres-commande?numTiers=${n}`,
]

// TEST_NOW is Monday 2026-11-23 08:30 in Paris: Wednesday is a valid delivery day.
const order = (numTiers: string) => ({
  numTiers,
  commande: {
    commentaire: '',
    lignes: [
      {
        idLigne: '001',
        numArticle: '410102',
        libelleArticle: 'VL Production 22 % vrac',
        codeTypeArticle: 'A',
        codeUniteArticle: 'T',
        numAdresse: 1,
        datePrevueLivraison: '2026-11-25',
        finDatePrevueLivraison: '2026-11-27',
        matinApmidi: 'ID',
        finMatinApmidi: 'ID',
        codeModeCamion: 'VIS',
        codeTypeSilo1: '001',
        codeTypeSilo2: '002',
        quantiteCommande: 5,
        supplementations: [],
        mineraux: [],
        codeReglement: 'PRE30',
      },
    ],
  },
})

describe.each(backends)('connect-as and request bounds on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>
  const choose = (cookie: string, numTiers: string | null) =>
    send(t.app, 'PUT', '/web/user/me/tiers', { numTiers }, cookie)
  const orders = async (numTiers: string) =>
    (await opened.db.select({ n: count() }).from(commandes).where(eq(commandes.numTiers, numTiers)))[0]!.n

  beforeAll(async () => {
    opened = await backend.open()
    t = buildTestApp(opened.db)
  })
  afterAll(async () => opened?.close())

  it('an adviser who chose nobody, or another member, gets 403 with a French reason on every customer call', async () => {
    const adviser = await signIn(t.app, DEMO.conseiller)
    for (const path of customerPaths(DEMO.eleveur)) {
      const res = await get(t.app, path, adviser)
      expect(res.status, path).toBe(403)
      expect(await res.json(), path).toEqual({
        message: 'Choisissez d’abord l’adhérent pour lequel vous agissez.',
        code: 'ADHERENT_NON_CHOISI',
      })
    }
    expect((await choose(adviser, DEMO.volailles)).status).toBe(200)
    for (const path of customerPaths(DEMO.eleveur)) {
      const res = await get(t.app, path, adviser)
      expect(res.status, path).toBe(403)
      expect((await res.json()).message).toContain(`Vous agissez pour l’adhérent ${DEMO.volailles}`)
    }
    expect((await choose(adviser, DEMO.eleveur)).status).toBe(200)
    for (const path of customerPaths(DEMO.eleveur)) expect((await get(t.app, path, adviser)).status, path).toBe(200)
  })

  it('an order for a member not chosen is refused and writes nothing; once chosen it is stored and audited with both', async () => {
    const adviser = await signIn(t.app, DEMO.conseiller)
    await choose(adviser, DEMO.volailles)
    const before = await orders(DEMO.eleveur)
    const refused = await send(t.app, 'POST', `/web/v1/tiers/${DEMO.eleveur}/commandes`, order(DEMO.eleveur), adviser, {
      'Idempotency-Key': 'connect-as-refused-1',
    })
    expect(refused.status).toBe(403)
    expect(await orders(DEMO.eleveur)).toBe(before)

    await choose(adviser, DEMO.eleveur)
    const sent = await send(t.app, 'POST', `/web/v1/tiers/${DEMO.eleveur}/commandes`, order(DEMO.eleveur), adviser, {
      'Idempotency-Key': 'connect-as-accepted-1',
    })
    expect(sent.status).toBe(201)
    const { numero } = await sent.json()
    const logged = await opened.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.username, DEMO.conseiller), eq(auditLog.action, 'commande-pour')))
    expect(logged).toEqual([expect.objectContaining({ numTiers: DEMO.eleveur, details: { numero } })])
  })

  it('two tabs: once the other tab chose another member, this tab cannot send for the first one', async () => {
    const adviser = await signIn(t.app, DEMO.conseiller)
    await choose(adviser, DEMO.eleveur) // tab 1
    await choose(adviser, DEMO.volailles) // tab 2, same session
    const before = await orders(DEMO.eleveur)
    const fromTab1 = await send(
      t.app,
      'POST',
      `/web/v1/tiers/${DEMO.eleveur}/commandes`,
      order(DEMO.eleveur),
      adviser,
      { 'Idempotency-Key': 'connect-as-tab1-00' },
    )
    expect(fromTab1.status).toBe(403)
    expect(await orders(DEMO.eleveur)).toBe(before)
    const survey = { numTiers: DEMO.eleveur, questionnaire: { notes: { globale: 4 } } }
    expect(
      (await send(t.app, 'POST', '/web/v1/evualuations', survey, adviser, { 'Idempotency-Key': 'connect-as-survey-0' }))
        .status,
    ).toBe(403)
    await choose(adviser, DEMO.eleveur)
    expect(
      (await send(t.app, 'POST', '/web/v1/evualuations', survey, adviser, { 'Idempotency-Key': 'connect-as-survey-1' }))
        .status,
    ).toBe(201)
    const logged = await opened.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.username, DEMO.conseiller), eq(auditLog.action, 'evaluation-pour')))
    expect(logged.map((e) => e.numTiers)).toEqual([DEMO.eleveur])
  })

  it('a farmer still acts for themself without choosing anyone, and their own writes are not staff audits', async () => {
    const farmer = await signIn(t.app, DEMO.eleveur)
    for (const path of customerPaths(DEMO.eleveur)) expect((await get(t.app, path, farmer)).status, path).toBe(200)
    expect((await get(t.app, `/web/v1/tiers/${DEMO.volailles}`, farmer)).status).toBe(403)
  })

  it('anonymous calls get 401 whatever their query, path or body', async () => {
    for (const path of [
      `/web/v1/tiers/${DEMO.eleveur}/livraisons?dateFin=hier`,
      '/web/v1/tiers/abc',
      '/web/v1/tiers/search?q=a',
      '/web/v1/articles/modifiables?numTiers=x',
      '/web/v1/nothing',
    ]) {
      const res = await get(t.app, path)
      expect(res.status, path).toBe(401)
      expect((await res.json()).message).toBe('Authentification requise')
    }
    const body = await send(t.app, 'POST', `/web/v1/tiers/${DEMO.eleveur}/commandes`, '{pas du json')
    expect(body.status).toBe(401)
    const big = await send(t.app, 'POST', `/web/v1/tiers/${DEMO.eleveur}/commandes`, 'x'.repeat(1024 * 1024))
    expect(big.status).toBe(401)
  })

  it('a body over 256 KB gets 413 in French before it is read, and writes nothing', async () => {
    const farmer = await signIn(t.app, DEMO.eleveur)
    const before = await orders(DEMO.eleveur)
    const huge = {
      ...order(DEMO.eleveur),
      commande: { ...order(DEMO.eleveur).commande, commentaire: 'x'.repeat(300 * 1024) },
    }
    const res = await send(t.app, 'POST', `/web/v1/tiers/${DEMO.eleveur}/commandes`, huge, farmer, {
      'Idempotency-Key': 'connect-as-huge-000',
    })
    expect(res.status).toBe(413)
    expect((await res.json()).message).toBe('Requête trop volumineuse : 256 Ko au plus.')
    expect(await orders(DEMO.eleveur)).toBe(before)
    // Without a Content-Length (a stream), reading stops at the limit.
    const chunks = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 40; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(16 * 1024)))
        controller.close()
      },
    })
    const streamed = await t.app.request(`/web/v1/tiers/${DEMO.eleveur}/commandes`, {
      method: 'POST',
      headers: { Host: 'localhost', Origin: 'http://localhost', 'Content-Type': 'application/json', Cookie: farmer },
      body: chunks,
      duplex: 'half',
    } as RequestInit)
    expect(streamed.status).toBe(413)
  })

  it('the member search shows each member’s own town', async () => {
    const adviser = await signIn(t.app, DEMO.conseiller)
    const found: { numTiers: string; adresse: { ville: string | null; codePostal: string | null } }[] = await (
      await get(t.app, '/web/v1/tiers/search?q=gaec', adviser)
    ).json()
    expect(new Set(found.map((m) => m.adresse.ville)).size).toBeGreaterThan(1)
    for (const m of found.slice(0, 10)) {
      const first = (await findTiers(opened.db, m.numTiers))!.adresses.find((a) => a.etat !== 'S')
      expect(m.adresse, m.numTiers).toEqual({ ville: first?.ville ?? null, codePostal: first?.codePostal ?? null })
    }
  })
})
