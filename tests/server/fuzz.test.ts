// Property-based suite over every write endpoint and every read that takes a query: bodies and
// queries derived from the valibot schemas of src/api plus hostile values. Whatever a client
// sends: never a 5xx, nothing written by a refused request (every table's row count before and
// after), and the server still answers. Runs on each backend (the embedded database, and
// PostgreSQL when DATABASE_URL is set); FUZZ_RUNS scales the cases per endpoint (default 45: about
// 1,100 cases per backend, 2,250 in CI where both run); FUZZ_SEED picks other cases (fixed by
// default so that a failure in CI is the same failure on a laptop).
import fc from 'fast-check'
import { sql } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ArticleCommandableBody, ArticlesModifiablesQuery, NumTiersOnlyQuery } from '../../src/contract/articles-admin'
import { ArticlesQuery, ContraintesLivraisonQuery } from '../../src/contract/articles'
import { CommandePayload, CommandesQuery } from '../../src/contract/commandes'
import { ContratsQuery } from '../../src/contract/contrats'
import { Evaluation } from '../../src/contract/evaluations'
import { LivraisonsQuery } from '../../src/contract/livraisons'
import { MessageBody } from '../../src/contract/messages'
import { IncidentPaiementQuery, ReglementCommandeQuery, ReglementTiersQuery } from '../../src/contract/paiement'
import { ParametreBody } from '../../src/contract/parametres'
import { ParametresCommandeQuery } from '../../src/contract/parametres-commande'
import { ReferentielQuery } from '../../src/contract/referentiel'
import { LoginBody } from '../../src/contract/session'
import { DEMANDE_LIEN_PATH, DemandeLienBody } from '../../src/contract/acces-adherent'
import { ActingForBody, TiersSearchQuery } from '../../src/contract/tiers-search'
import type { Db } from '../../src/server/db/client'
import { selectRows } from '../../src/server/db/raw'
import { DEMO } from '../../src/server/seed/demo'
import { Lectures, LECTURES_PATH } from '../../src/contract/lectures'
import { EnvoiInvitationsBody, InvitationsQuery } from '../../src/contract/invitations'
import { fromSchema, hostileString, queryFrom } from './support/arbitraries'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, get, send, signIn } from './support/app'
import { tableNames } from './support/dump'

const RUNS = Number(process.env.FUZZ_RUNS ?? 45)
const SEED = Number(process.env.FUZZ_SEED ?? 20261123)
/** Generous: the cases' count is fixed, their time is the machine's. */
const TIMEOUT = 180_000

// anonymous: the sign-in, whose success would revoke the session it was sent with.
type Who = 'farmer' | 'adviser' | 'admin' | 'anonymous'
interface WriteTarget {
  name: string
  method: string
  path: string
  who: Who
  body: fc.Arbitrary<unknown>
  query?: string
  checkRows?: boolean
  runs?: number
}
interface ReadTarget {
  name: string
  path: string
  who: Who
  query: fc.Arbitrary<Record<string, string>>
}

const E = DEMO.eleveur
const line = {
  idLigne: '001',
  numArticle: '410102',
  libelleArticle: 'VL Production 22 % vrac',
  codeTypeArticle: 'A',
  codeUniteArticle: 'T',
  numAdresse: 1,
  numExploitation: 1,
  numBatiment: 11,
  datePrevueLivraison: '2026-11-25',
  finDatePrevueLivraison: '2026-11-27',
  matinApmidi: 'ID',
  finMatinApmidi: 'ID',
  codeModeCamion: 'VIS',
  codeTypeSilo1: '001',
  codeTypeSilo2: '997',
  quantiteCommande: 12.5,
  supplementations: [{ numArticle: '480101' }],
  mineraux: [{ numArticle: '470102', quantiteCommande: 2 }],
  codeReglement: 'PRE30',
  commentaire: 'Silo du fond',
}
const orderExample = { numTiers: E, commande: { commentaire: 'Portail vert', lignes: [line] } }
// Well-formed choices a farmer (or an old cached screen) could send, right or wrong for the
// rules: these reach the rules and the inserts, where a malformed value stops at the schema.
const day = fc.integer({ min: -3, max: 70 }).map((d) => new Date(Date.UTC(2026, 10, 23 + d)).toISOString().slice(0, 10))
const plausible = {
  numArticle: fc.constantFrom('410101', '410102', '410103', '420103', '461102', '450202', '450203', '470102', '999999'),
  numAdresse: fc.constantFrom(1, 2, 3, 4, 5, null),
  numExploitation: fc.constantFrom(1, 2, 3, 100, null),
  numBatiment: fc.constantFrom(11, 12, 21, 31, 41, 9999, null),
  numLot: fc.constantFrom(DEMO.lots.pondeuses, DEMO.lots.chairTermine, 'VL00000', null),
  numContrat: fc.constantFrom(DEMO.contrats.finProche, DEMO.contrats.enCours, DEMO.contrats.futur, 'CT-AUTRE', null),
  datePrevueLivraison: day,
  finDatePrevueLivraison: day,
  matinApmidi: fc.constantFrom('ID', 'JS', 'JM', 'JA', 'JJ', 'J1', 'XX'),
  finMatinApmidi: fc.constantFrom('ID', 'JS', 'JM', 'JA', 'JJ', 'J1', 'XX'),
  codeModeCamion: fc.constantFrom('VIS', 'VISP', 'BEN', 'PNEU', 'PNEUP', 'ZZZ', ''),
  codeTypeSilo1: fc.constantFrom('001', '002', '005', '010', '997', '997:Silo du fond', '997:x', '999', null),
  codeTypeSilo2: fc.constantFrom('001', '003', '997', null),
  quantiteCommande: fc.oneof(fc.constantFrom(0, 0.5, 2, 12.5, 29, 30, 40), fc.double({ min: 0, max: 40, noNaN: true })),
  supplementations: fc.constantFrom(
    [],
    [{ numArticle: '480101' }],
    [{ numArticle: '480101' }, { numArticle: '480102' }],
    [{ numArticle: '481101' }, { numArticle: '481102' }],
    [{ numArticle: '480103' }, { numArticle: '481101' }],
  ),
  mineraux: fc.constantFrom(
    [],
    [{ numArticle: '470102', quantiteCommande: 2 }],
    [{ numArticle: '470102', quantiteCommande: '2,5' }],
    [{ numArticle: '470106', quantiteCommande: 16 }],
    [{ numArticle: '470104', quantiteCommande: 0.004 }],
  ),
  codeReglement: fc.constantFrom('PRE30', 'CPT', 'LCR', null),
  numDomiciliationBancaire: fc.constantFrom(1, 2, 999, null),
  commentaire: fc.constantFrom(null, '', 'Silo du fond', 'Portail vert; Silo du fond'),
}
const plausibleLine = fc.record(
  Object.fromEntries(
    Object.entries(plausible).map(([k, a]) => [
      k,
      fc.oneof(
        { weight: 2, arbitrary: fc.constant((line as Record<string, unknown>)[k]) },
        { weight: 1, arbitrary: a as fc.Arbitrary<unknown> },
      ),
    ]),
  ),
)
// Several lines, each mutated: an order of two lines exercises the cross-line rules too.
const orderBody = fc.oneof(
  fromSchema(CommandePayload, orderExample),
  fc.array(plausibleLine, { minLength: 1, maxLength: 3 }).map((lignes) => ({
    numTiers: E,
    commande: {
      commentaire: '',
      lignes: lignes.map((l, i) => ({ ...line, ...l, idLigne: String(i + 1).padStart(3, '0') })),
    },
  })),
  fc
    .array(fromSchema(CommandePayload.entries.commande.entries.lignes, [line]), { minLength: 1, maxLength: 3 })
    .map((lignes) => ({
      numTiers: E,
      commande: {
        commentaire: '',
        lignes: lignes
          .flat()
          .map((l, i) => (l && typeof l === 'object' ? { ...l, idLigne: String(i + 1).padStart(3, '0') } : l)),
      },
    })),
)

const WRITES: WriteTarget[] = [
  // The order is what the issue is about: three times the cases.
  {
    name: 'POST commandes',
    method: 'POST',
    path: `/web/v1/tiers/${E}/commandes`,
    who: 'farmer',
    body: orderBody,
    runs: RUNS * 3,
  },
  {
    name: 'POST evualuations',
    method: 'POST',
    path: '/web/v1/evualuations',
    who: 'farmer',
    body: fromSchema(Evaluation, {
      numTiers: E,
      numeroCommande: '700001',
      questionnaire: { notes: { globale: 4, design: 3.5 }, commentaire: 'Pratique' },
    }),
  },
  {
    name: 'POST messages',
    method: 'POST',
    path: '/web/v1/messages',
    who: 'admin',
    body: fromSchema(MessageBody.pipe[1], {
      texte: 'Livraisons perturbées',
      dateDebut: '2026-11-24',
      dateFin: '2026-11-30',
    }),
  },
  {
    name: 'PUT messages/{id}',
    method: 'PUT',
    path: '/web/v1/messages/1',
    who: 'admin',
    body: fromSchema(MessageBody.pipe[1], {
      id: 1,
      texte: 'Livraisons perturbées',
      dateDebut: '2026-11-24',
      dateFin: '2026-11-30',
    }),
  },
  {
    name: 'PUT parametres',
    method: 'PUT',
    path: '/web/v1/parametres/DEFAULT/HORAIRE_COMMANDE/HEURE_PIVOT',
    who: 'admin',
    body: fromSchema(ParametreBody, { categorie: 'HORAIRE_COMMANDE', code: 'HEURE_PIVOT', value: '10:00:00' }),
  },
  {
    // The demo's accounts all have a password: a valid selection sends nothing, a refused one neither.
    name: 'POST invitations/envoi',
    method: 'POST',
    path: '/web/v1/invitations/envoi',
    who: 'admin',
    body: fromSchema(EnvoiInvitationsBody, { identifiants: [E, DEMO.volailles] }),
  },
  {
    name: 'PATCH articles/{num}',
    method: 'PATCH',
    path: '/web/v1/articles/410103',
    query: `numTiers=${E}`,
    who: 'admin',
    body: fromSchema(ArticleCommandableBody, { artCommandable: true }),
  },
  {
    name: 'PUT me/tiers',
    method: 'PUT',
    path: '/web/user/me/tiers',
    who: 'adviser',
    body: fromSchema(ActingForBody, { numTiers: E }),
  },
  // Grouped reads write nothing, whatever they carry; each read is its route's own (issue 29).
  {
    name: 'POST lectures',
    method: 'POST',
    path: LECTURES_PATH,
    who: 'farmer',
    body: fromSchema(Lectures, {
      chemins: [
        `/web/v1/articles/A/410101/mineraux?numTiers=${E}`,
        `/web/v1/referentiel/parametres-commande?numTiers=${E}&numArticle=410101`,
      ],
    }),
  },
  // A refused sign-in is counted on purpose (throttling, audit): only "never a 5xx" holds here.
  {
    name: 'POST security/login',
    method: 'POST',
    path: '/security/login',
    who: 'anonymous',
    body: fromSchema(LoginBody, { username: E, password: 'demo' }),
    checkRows: false,
  },
  // A well-formed request answers after its floor (0.8 s, services/link-request.ts): fewer cases.
  {
    name: 'POST security/premiere-connexion/demande',
    method: 'POST',
    path: DEMANDE_LIEN_PATH,
    who: 'anonymous',
    body: fromSchema(DemandeLienBody, { identifiant: E }),
    runs: 12,
  },
]

const READS: ReadTarget[] = [
  {
    name: 'GET invitations',
    path: '/web/v1/invitations',
    who: 'admin',
    query: queryFrom(InvitationsQuery, { etat: 'non-invite', page: '1', recherche: '1000' }),
  },
  {
    name: 'GET commandes',
    path: `/web/v1/tiers/${E}/commandes`,
    who: 'farmer',
    query: queryFrom(CommandesQuery, { etapes: 'ENREGISTREE,LIVREE', dateDebut: '2026-01-01', dateFin: '2026-12-31' }),
  },
  {
    name: 'GET contrats',
    path: `/web/v1/tiers/${E}/contrats`,
    who: 'farmer',
    query: queryFrom(ContratsQuery, { dateValidite: '2026-11-23' }),
  },
  {
    name: 'GET livraisons',
    path: `/web/v1/tiers/${E}/livraisons`,
    who: 'farmer',
    query: queryFrom(LivraisonsQuery, { dateFin: '2026-11-23', limite: '12', apres: '2026-11-10.1.BL0000001' }),
  },
  {
    name: 'GET reglement-commande',
    path: `/web/v1/tiers/${E}/reglement-commande`,
    who: 'farmer',
    query: queryFrom(ReglementCommandeQuery, { numArticle: '410102', codeTArt: 'A', dateValidite: '2026-11-25' }),
  },
  {
    name: 'GET reglement-tiers',
    path: `/web/v1/tiers/${E}/reglement-tiers`,
    who: 'farmer',
    query: queryFrom(ReglementTiersQuery, { numArticle: '410102', codeTArt: 'A' }),
  },
  {
    name: 'GET incident-paiement',
    path: `/web/v1/tiers/${E}/incident-paiement`,
    who: 'farmer',
    query: queryFrom(IncidentPaiementQuery, { typeTiers: 'ADH' }),
  },
  {
    name: 'GET articles',
    path: '/web/v1/articles',
    who: 'farmer',
    query: queryFrom(ArticlesQuery, { commandablesByTiers: E }),
  },
  {
    name: 'GET contraintes-livraison',
    path: '/web/v1/articles/A/410102/contraintes-livraison',
    who: 'farmer',
    query: queryFrom(ContraintesLivraisonQuery, { numTiers: E, numAdr: '1' }),
  },
  {
    name: 'GET parametres-commande',
    path: '/web/v1/referentiel/parametres-commande',
    who: 'farmer',
    query: queryFrom(ParametresCommandeQuery, { numTiers: E, numArticle: '410102' }),
  },
  {
    name: 'GET referentiel',
    path: '/web/v1/referentiel',
    who: 'farmer',
    query: queryFrom(ReferentielQuery, { numTiers: E }),
  },
  {
    name: 'GET tiers/search',
    path: '/web/v1/tiers/search',
    who: 'adviser',
    query: queryFrom(TiersSearchQuery, { q: 'GAEC' }),
  },
  {
    name: 'GET articles/modifiables',
    path: '/web/v1/articles/modifiables',
    who: 'admin',
    query: queryFrom(ArticlesModifiablesQuery, { numTiers: E, search: 'porc', commandable: 'false' }),
  },
  {
    name: 'GET articles/{num}/diagnostic',
    path: '/web/v1/articles/410102/diagnostic',
    who: 'admin',
    query: queryFrom(NumTiersOnlyQuery, { numTiers: E }),
  },
]

// Path segments the routes parse: numbers, codes, and hostile text in their place.
const segment = fc.oneof(
  hostileString,
  fc.constantFrom(E, DEMO.volailles, '700001', '410102', 'A', '1', '-1', '2147483648'),
  fc.string({ maxLength: 12 }),
)
const PATHS: ((a: string, b: string) => string)[] = [
  (a, b) => `/web/v1/tiers/${a}/commandes/${b}`,
  (a) => `/web/v1/tiers/${a}/lots`,
  (a) => `/web/v1/tiers/${a}`,
  (a, b) => `/web/v1/articles/${a}/${b}/supplementations`,
  (a, b) => `/web/v1/articles/M/${a}/validationAdresseLivraison/${E}/${b}`,
  (a) => `/web/v1/aides/${a}`,
  (a) => `/web/v1/messages/${a}`,
]

async function countAll(db: Db, tables: string[]): Promise<Record<string, number>> {
  const columns = sql.join(
    tables.map((t) => sql.raw(`(select count(*) from "${t}")::int as "${t}"`)),
    sql`, `,
  )
  const [row] = await selectRows<Record<string, number>>(db, sql`select ${columns}`)
  return row!
}

/** A lone surrogate cannot be percent-encoded: its raw bytes then, which are not UTF-8 either. */
function encodeSegment(s: string): string {
  try {
    return encodeURIComponent(s)
  } catch {
    return '%ED%A0%80%FF'
  }
}

const show = (x: unknown) => JSON.stringify(x)?.slice(0, 400)

describe.each(backends)('fuzz on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>
  let tables: string[]
  const cookies = {} as Record<Who, string>
  const tried: Record<string, Record<number, number>> = {}
  const note = (name: string, status: number) => {
    const seen = (tried[name] ??= {})
    seen[status] = (seen[status] ?? 0) + 1
  }

  beforeAll(async () => {
    opened = await backend.open()
    t = buildTestApp(opened.db)
    // Sessions and sign-in counters move with every request: not the refused request's writing.
    tables = (await tableNames(opened.db)).filter(
      (n) => !['sessions', 'login_attempts', 'audit_log', '__drizzle_migrations'].includes(n),
    )
    cookies.farmer = await signIn(t.app, DEMO.eleveur)
    cookies.admin = await signIn(t.app, DEMO.admin)
    cookies.adviser = await signIn(t.app, DEMO.conseiller)
    cookies.anonymous = ''
    // Staff act only for the member they chose (issue 14): both choose the farmer the cases name.
    await send(t.app, 'PUT', '/web/user/me/tiers', { numTiers: DEMO.eleveur }, cookies.adviser)
    await send(t.app, 'PUT', '/web/user/me/tiers', { numTiers: DEMO.eleveur }, cookies.admin)
  })
  afterAll(async () => {
    const count = (seen: Record<number, number>) => Object.values(seen).reduce((a, b) => a + b, 0)
    const total = Object.values(tried).reduce((a, seen) => a + count(seen), 0)
    const lines = Object.entries(tried).map(
      ([name, seen]) =>
        `  ${name}: ${count(seen)} (${Object.entries(seen)
          .map(([st, n]) => `${st}×${n}`)
          .join(' ')})`,
    )
    const fives = Object.values(tried).reduce(
      (a, seen) =>
        a +
        Object.entries(seen)
          .filter(([st]) => Number(st) >= 500)
          .reduce((b, [, n]) => b + n, 0),
      0,
    )
    console.log(
      [`fuzz on ${backend.name} (seed ${SEED}): ${total} cases tried, ${fives} answered 5xx`, ...lines].join('\n'),
    )
    await opened?.close()
  })

  async function stillAnswering() {
    const res = await get(t.app, '/web/v1/referentiel', cookies.farmer)
    expect(res.status).toBe(200)
  }

  it.each(WRITES)(
    '$name: never a 5xx, nothing written when refused',
    async (target) => {
      // Requests run one at a time and only an accepted one may write: the counts known after the
      // last accepted request are the "before" of the next one (one count per case, not two).
      let known = await countAll(opened.db, tables)
      await fc.assert(
        fc.asyncProperty(target.body, async (body) => {
          const path = target.query ? `${target.path}?${target.query}` : target.path
          const res = await send(
            t.app,
            target.method,
            path,
            body === undefined ? '' : JSON.stringify(body),
            cookies[target.who],
          )
          note(target.name, res.status)
          const answer = await res.text()
          expect(res.status, `${target.name} ${show(body)} → ${answer}`).toBeLessThan(500)
          const now = await countAll(opened.db, tables)
          if (res.status >= 400) {
            expect(JSON.parse(answer).message, answer).toEqual(expect.any(String))
            if (target.checkRows !== false)
              expect(now, `${target.name} ${show(body)} → ${res.status} wrote rows`).toEqual(known)
          }
          known = now
        }),
        { numRuns: target.runs ?? RUNS, seed: SEED },
      )
      await stillAnswering()
    },
    TIMEOUT,
  )

  it.each(READS)(
    '$name: never a 5xx, nothing written',
    async (target) => {
      // A read never writes: the counts are compared once around all its cases.
      const before = await countAll(opened.db, tables)
      await fc.assert(
        fc.asyncProperty(target.query, async (query) => {
          const res = await get(t.app, `${target.path}?${new URLSearchParams(query).toString()}`, cookies[target.who])
          note(target.name, res.status)
          const answer = await res.text()
          expect(res.status, `${target.name} ${show(query)} → ${answer.slice(0, 300)}`).toBeLessThan(500)
        }),
        { numRuns: RUNS, seed: SEED },
      )
      expect(await countAll(opened.db, tables)).toEqual(before)
      await stillAnswering()
    },
    TIMEOUT,
  )

  it(
    'hostile path segments: never a 5xx',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...PATHS), segment, segment, async (path, a, b) => {
          const url = path(encodeSegment(a), encodeSegment(b))
          const res = await get(t.app, url, cookies.farmer)
          note('GET paths', res.status)
          expect(res.status, `${url} → ${(await res.text()).slice(0, 300)}`).toBeLessThan(500)
        }),
        { numRuns: RUNS * 2, seed: SEED },
      )
      await stillAnswering()
    },
    TIMEOUT,
  )

  it('the examples the bodies derive from are valid for their schemas', () => {
    expect(v.safeParse(CommandePayload, orderExample).success).toBe(true)
  })
})
