// What the server decides from its own rows (issue "Orders the server can stand behind"): every
// fact of a line comes from the database, every bad input is refused with a French reason, never
// a 500. One test per case found by trying the API as a new user would.
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConflictMessage } from '../../src/domain/conflict'
import { MESSAGES } from '../../src/domain/constants'
import { articles, commandeLignes, commandes, evaluations } from '../../src/server/db/schema'
import { DEMO } from '../../src/server/seed/demo'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, get, send, signIn } from './support/app'
import { orderLine } from './support/order-line'
import { typographie } from '../../src/domain/typography'

// TEST_NOW is Monday 2026-11-23 08:30 in Paris.
const line = orderLine
const order = (lignes: unknown[], numTiers: string = DEMO.eleveur as string) => ({
  numTiers,
  commande: { commentaire: '', lignes },
})
let n = 0
const key = () => `rules-key-${++n}-0123456789`

describe.each(backends)('order rules from the database on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>
  let farmer: string
  let poultry: string
  const post = (body: unknown, numTiers: string = DEMO.eleveur as string, cookie = farmer) =>
    send(t.app, 'POST', `/web/v1/tiers/${numTiers}/commandes`, body, cookie, { 'Idempotency-Key': key() })
  const orderCount = async () => (await opened.db.select({ n: count() }).from(commandes))[0]!.n
  /** Sends and expects a 409 naming the article with one of its entries' reasons. */
  async function refused(body: unknown, numTiers: string = DEMO.eleveur, cookie = farmer) {
    const before = await orderCount()
    const res = await post(body, numTiers, cookie)
    const json = await res.json()
    expect(res.status, JSON.stringify(json)).toBe(409)
    expect(await orderCount()).toBe(before)
    return parseConflictMessage(json.message)
  }
  async function badRequest(res: Response, field: string) {
    const json = await res.json()
    expect(res.status, JSON.stringify(json)).toBe(400)
    expect(json.message).toContain(field)
    return json.message as string
  }

  beforeAll(async () => {
    opened = await backend.open()
    t = buildTestApp(opened.db)
    farmer = await signIn(t.app, DEMO.eleveur)
    poultry = await signIn(t.app, DEMO.volailles)
  })
  afterAll(async () => opened?.close())

  it('"Autre" in the submission format (997 and the words in the comment) is accepted and the detail shows the words', async () => {
    const res = await post(order([line({ codeTypeSilo1: '997', commentaire: 'Silo du fond' })]))
    expect(res.status, await res.clone().text()).toBe(201)
    const { numero } = await res.json()
    const detail = await (await get(t.app, `/web/v1/tiers/${DEMO.eleveur}/commandes/${numero}`, farmer)).json()
    expect(detail.lignes[0]).toMatchObject({ codeTypeSilo1: '997', commentaire: 'Silo du fond' })
  })

  it('Excluded from the feed list: sub-type SU and type GSU — refused as lines of their own, naming the article', async () => {
    for (const [numArticle, label] of [
      ['480101', 'Levure vivante'],
      ['481101', 'Lysine'],
    ]) {
      const entries = await refused(order([line({ numArticle, libelleArticle: 'un aliment', codeTypeArticle: 'A' })]))
      expect(entries).toEqual([
        expect.objectContaining({ number: numArticle, label, reason: expect.stringContaining('non commandable seul') }),
      ])
    }
  })

  it('Help defaults: simple feed max 15 t without forward contract — the server refuses more, naming the article', async () => {
    // The demo catalogue has no simple feed: one of the farmer's feeds becomes one, as its row says.
    await opened.db.update(articles).set({ typeAliment: 'Simple' }).where(eq(articles.numArticle, '410106'))
    try {
      const simple = { numArticle: '410106', libelleArticle: 'Génisses croissance vrac' }
      expect(await refused(order([line({ ...simple, quantiteCommande: 16 })]))).toEqual([
        expect.objectContaining({
          number: '410106',
          reason: typographie('Veuillez renseigner une valeur inférieure ou égale à 15 t'),
        }),
      ])
      const res = await post(order([line({ ...simple, quantiteCommande: 15 })]))
      expect(res.status, await res.clone().text()).toBe(201)
    } finally {
      await opened.db.update(articles).set({ typeAliment: 'Complet' }).where(eq(articles.numArticle, '410106'))
    }
  })

  it('"Autre" without the farmer\'s words is refused on the storage place', async () => {
    const entries = await refused(order([line({ codeTypeSilo1: '997', commentaire: null })]))
    expect(entries).toContainEqual(
      expect.objectContaining({
        name: 'codeTypeSilo1',
        number: '410102',
        reason: 'Le lieu de stockage doit contenir entre 3 et 20 caractères',
      }),
    )
  })

  it("supplement compatibility uses the stored groups and sub-types, not the client's", async () => {
    const aa = ['481101', '481102', '481103'].map((numArticle) => ({ numArticle }))
    const entries = await refused(order([line({ numArticle: '420103', numAdresse: 2, supplementations: aa })]))
    expect(entries.some((e) => e.number === '420103' && e.name === 'supplementations')).toBe(true)
    const lying = aa.map((s, i) => ({ ...s, groupe: `G${i}`, codeSousTypeArticle: 'SU' }))
    expect(
      (await refused(order([line({ numArticle: '420103', numAdresse: 2, supplementations: lying })]))).some(
        (e) => e.name === 'supplementations',
      ),
    ).toBe(true)
  })

  it('storage place: without a building only the default silo types and Autre are valid', async () => {
    for (const code of ['999', '<b>x</b>', '005']) {
      const entries = await refused(order([line({ codeTypeSilo1: code })]))
      expect(entries).toContainEqual(expect.objectContaining({ name: 'codeTypeSilo1', number: '410102' }))
    }
    expect((await post(order([line({ codeTypeSilo1: '010' })]))).status).toBe(201)
  })

  it("contract, exploitation and building must be the customer's", async () => {
    expect(await refused(order([line({ numContrat: 'CT-NOPE' })]))).toContainEqual(
      expect.objectContaining({ name: 'numContrat', number: '410102' }),
    )
    expect(await refused(order([line({ numExploitation: 3 })]))).toContainEqual(
      expect.objectContaining({ name: 'numExploitation' }),
    )
    expect(await refused(order([line({ numBatiment: 31 })]))).toContainEqual(
      expect.objectContaining({ name: 'numBatiment' }),
    )
    expect(
      (
        await post(
          order([
            line({ numContrat: DEMO.contrats.finProche, numArticle: '410101', numExploitation: 1, numBatiment: 11 }),
          ]),
        )
      ).status,
    ).toBe(201)
  })

  it('unknown truck mode or slot is a 409 naming the line, not a 500', async () => {
    expect(await refused(order([line({ codeModeCamion: 'ZZZ' })]))).toContainEqual(
      expect.objectContaining({ name: 'codeModeCamion', number: '410102' }),
    )
    expect(await refused(order([line({ matinApmidi: 'XX' })]))).toContainEqual(
      expect.objectContaining({ name: 'matinApmidi' }),
    )
    expect(await refused(order([line({ finMatinApmidi: 'XX' })]))).toContainEqual(
      expect.objectContaining({ name: 'finMatinApmidi' }),
    )
  })

  it('sub-milligram, non-finite and malformed numbers are refused with 400 naming the field', async () => {
    await badRequest(await post(order([line({ quantiteCommande: 1e-320 })])), 'quantiteCommande')
    await badRequest(
      await post(
        JSON.stringify(order([line({ quantiteCommande: 0 })])).replace(
          '"quantiteCommande":0',
          '"quantiteCommande":1e999',
        ),
      ),
      'quantiteCommande',
    )
    const mineral = { numArticle: '490101', quantiteCommande: '0 5' }
    await badRequest(await post(order([line({ mineraux: [mineral] })])), 'mineraux')
    await badRequest(await post(order([line({ numExploitation: 2 ** 31 })])), 'numExploitation')
    await badRequest(await post(order([line({ numAdresse: -1 })])), 'numAdresse')
  })

  it('a mineral or supplement listed twice is a 400', async () => {
    const s = { numArticle: '480101' }
    await badRequest(await post(order([line({ supplementations: [s, s] })])), 'supplementations')
    const m = { numArticle: '490101', quantiteCommande: 2 }
    await badRequest(await post(order([line({ mineraux: [m, m] })])), 'mineraux')
  })

  it('control characters in text are a 400 naming the field', async () => {
    await badRequest(
      await post({ ...order([line()]), commande: { commentaire: 'a\u0000b', lignes: [line()] } }),
      'commentaire',
    )
    await badRequest(await post(order([line({ commentaire: 'Silo\u0000' })])), 'commentaire')
    await badRequest(await post(order([line({ codeTypeSilo1: '997:Silo\u0000du fond' })])), 'codeTypeSilo1')
    const survey = { numTiers: DEMO.eleveur, questionnaire: { notes: { globale: 4 }, commentaire: 'ok\u0000' } }
    await badRequest(await send(t.app, 'POST', '/web/v1/evualuations', survey, farmer), 'commentaire')
  })

  it('a NUL byte anywhere else (banner, searches, queries) is a 400 naming the field, never a 500', async () => {
    const admin = await signIn(t.app, DEMO.admin)
    const adviser = await signIn(t.app, DEMO.conseiller)
    await badRequest(
      await send(
        t.app,
        'POST',
        '/web/v1/messages',
        { texte: 'Livraisons\u0000', dateDebut: '2026-11-24', dateFin: '2026-11-30' },
        admin,
      ),
      'texte',
    )
    await badRequest(await get(t.app, '/web/v1/tiers/search?q=GAEC%00', adviser), 'q')
    await badRequest(
      await get(t.app, `/web/v1/articles/modifiables?numTiers=${DEMO.eleveur}&commandable=false&search=porc%00`, admin),
      'search',
    )
    await badRequest(
      await get(t.app, `/web/v1/tiers/${DEMO.eleveur}/reglement-tiers?numArticle=4101%00`, farmer),
      'numArticle',
    )
  })

  it('dates that do not exist are a 400 on orders, their list and contracts', async () => {
    for (const d of ['2026-02-30', '0000-00-00', '9999-99-99']) {
      await badRequest(
        await get(
          t.app,
          `/web/v1/tiers/${DEMO.eleveur}/commandes?etapes=ENREGISTREE&dateDebut=${d}&dateFin=2026-12-01`,
          farmer,
        ),
        'dateDebut',
      )
      await badRequest(
        await get(t.app, `/web/v1/tiers/${DEMO.eleveur}/contrats?dateValidite=${d}`, farmer),
        'dateValidite',
      )
      await badRequest(await post(order([line({ datePrevueLivraison: d })])), 'datePrevueLivraison')
    }
  })

  it('two species in one silo on the same dates are refused as the cart refuses them; at another address it is another silo', async () => {
    const cattle = line()
    const pigs = line({
      idLigne: '002',
      numArticle: '420105',
      libelleArticle: 'Porc finition vrac',
      quantiteCommande: 10,
    })
    // The species are the stored articles': the client's codeFiliere does not hide them.
    const entries = await refused(order([cattle, { ...pigs, codeFiliere: '10' }]))
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ number: '420105', label: 'Porc finition vrac', reason: MESSAGES.autreEspece }),
        expect.objectContaining({ number: '410102', reason: MESSAGES.autreEspece }),
      ]),
    )
    expect(entries.every((e) => e.reason === MESSAGES.autreEspece)).toBe(true)
    const res = await post(order([cattle, { ...pigs, numAdresse: 2 }]))
    expect(res.status, await res.clone().text()).toBe(201)
  })

  it('family 461 (codes 461xx) needs a gap of 1 day between the two dates', async () => {
    const entries = await refused(
      order(
        [
          line({
            numArticle: '461102',
            numAdresse: 1,
            datePrevueLivraison: '2026-11-25',
            finDatePrevueLivraison: '2026-11-25',
            matinApmidi: 'JS',
            finMatinApmidi: 'J1',
            codeTypeSilo1: '001',
            numBatiment: 31,
            codeReglement: null,
          }),
        ],
        DEMO.volailles,
      ),
      DEMO.volailles,
      poultry,
    )
    expect(entries).toContainEqual(
      expect.objectContaining({
        name: 'finDatePrevueLivraison',
        number: '461102',
        reason: 'La date au plus tard doit être postérieure à la date au plus tôt',
      }),
    )
  })

  it('a lot line whose article is in no orderable tranche of a current plan is refused naming the article', async () => {
    const lotLine = (numArticle: string) =>
      line({
        numArticle,
        numLot: DEMO.lots.pondeuses,
        numBatiment: 41,
        numExploitation: 4,
        numAdresse: 2,
        codeReglement: null,
        quantiteCommande: 5,
      })
    const entries = await refused(order([lotLine('450202')], DEMO.volailles), DEMO.volailles, poultry)
    expect(entries).toContainEqual(
      expect.objectContaining({
        name: 'numLot',
        number: '450202',
        reason: "Article d'aucune tranche commandable d'un plan en cours de ce lot",
      }),
    )
    expect(
      await refused(
        order([{ ...lotLine('450203'), numBatiment: 31, numExploitation: 3 }], DEMO.volailles),
        DEMO.volailles,
        poultry,
      ),
    ).toContainEqual(expect.objectContaining({ name: 'numLot', reason: "Lot d'un autre bâtiment" }))
    expect((await post(order([lotLine('450203')], DEMO.volailles), DEMO.volailles, poultry)).status).toBe(201)
    expect(
      (
        await refused(
          order(
            [{ ...lotLine('450101'), numLot: DEMO.lots.chairTermine, numBatiment: 32, numExploitation: 3 }],
            DEMO.volailles,
          ),
          DEMO.volailles,
          poultry,
        )
      ).some((e) => e.name === 'numLot'),
    ).toBe(true)
  })

  it("the survey's order must be the customer's; a read-only user may not send one", async () => {
    const before = (await opened.db.select({ n: count() }).from(evaluations))[0]!.n
    const survey = (numeroCommande: string) => ({
      numTiers: DEMO.eleveur,
      numeroCommande,
      questionnaire: { notes: { globale: 4 } },
    })
    const [other] = await opened.db
      .select({ numero: commandes.numero })
      .from(commandes)
      .where(eq(commandes.numTiers, DEMO.volailles))
      .limit(1)
    const res = await send(t.app, 'POST', '/web/v1/evualuations', survey(other!.numero), farmer)
    expect(res.status).toBe(404)
    await badRequest(
      await send(t.app, 'POST', '/web/v1/evualuations', survey("n'importe quoi"), farmer),
      'numeroCommande',
    )
    const readOnly = await signIn(t.app, DEMO.inconnu)
    expect(
      (await send(t.app, 'POST', '/web/v1/evualuations', { ...survey('700001'), numTiers: DEMO.inconnu }, readOnly))
        .status,
    ).toBe(403)
    expect((await opened.db.select({ n: count() }).from(evaluations))[0]!.n).toBe(before)
  })

  it('PATCH of an article for an unknown member is refused, never a 500', async () => {
    const admin = await signIn(t.app, DEMO.admin)
    // Staff act only for the member they chose, and an unknown member cannot be chosen.
    expect((await send(t.app, 'PUT', '/web/user/me/tiers', { numTiers: '8888888' }, admin)).status).toBe(404)
    const res = await send(t.app, 'PATCH', '/web/v1/articles/410102?numTiers=8888888', { artCommandable: true }, admin)
    expect(res.status).toBe(403)
    expect(((await res.json()) as { message?: string }).message).toMatch(/[a-zé]/)
  })

  it('the value checked is the value stored', async () => {
    const res = await post(order([line({ quantiteCommande: 12.5004 })]))
    if (res.status === 201) {
      const { numero } = await res.json()
      const [c] = await opened.db.select({ id: commandes.id }).from(commandes).where(eq(commandes.numero, numero))
      const [l] = await opened.db.select().from(commandeLignes).where(eq(commandeLignes.commandeId, c!.id))
      expect(l!.quantiteCommande).toBe(12.5)
    } else expect(res.status).toBe(400)
  })
})
