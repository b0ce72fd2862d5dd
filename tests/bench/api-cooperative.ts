// `BENCH_COOPERATIVE=1 DATABASE_URL=… npm run bench:api` (issue 40): the API at a cooperative's
// size, on a database that already holds one — the synthetic cooperative of `npm run
// seed:cooperative`, loaded with `npm run import` (docs/figures.md gives the commands). Silo is
// started on it as is (SEED=none); the bench gives BENCH_MEMBERS members a password of its own
// ('bench': imported accounts have none; this writes to the database: use a bench database), then
// drives, with autocannon and BENCH_CONNECTIONS connections:
//   - the read mix of many members at a fixed BENCH_RATE (200/s): Historique's first page,
//     Commandes internet, Lots of the poultry farmers, each member with their own session;
//   - the same mix at saturation;
//   - the Historique of the member with the most delivery lines;
//   - sign-ins (the password's hash is the product's: scrypt N=16,384);
//   - orders placed, each with its own Idempotency-Key, spread over the members;
//   - the snapshot for no signal (issue 50): its size for the largest member (JSON, gzip, brotli),
//     conditional refreshes at BENCH_SNAPSHOT_RATE (200/s) with the ETag each member holds (304),
//     and full snapshots (brotli) of BENCH_SNAPSHOT_MEMBERS_RATE (20) different members a second,
//     each member asked once (built, not served from the cache), then the same members again
//     (served from the cache of their version).
//   - the server-rendered Historique page of that member (needs DIST_DIR: a build with its -ssr render).
// BENCH_CASES=snapshot (or a comma list of read,historique,page,sign-in,snapshot,orders) runs only those.
// It prints requests/s, p50 and p99, and the answers other than 2xx. Timings are printed, never asserted.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { horsConnexionPath } from '../../src/contract/hors-connexion'
import autocannon from 'autocannon'
import pg from 'pg'
import { hashPassword } from '../../src/server/auth/password'
import { livraisonsPageSearch, livraisonsPath } from '../../src/contract/livraisons'
import { businessDaysAfter } from '../support/business-days'
import { startSilo } from '../support/silo'

const DATABASE_URL = process.env.DATABASE_URL
const DURATION = Number(process.env.BENCH_DURATION ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const RATE = Number(process.env.BENCH_RATE ?? 200)
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 200)
const PORT = Number(process.env.BENCH_PORT ?? 8391)
export const PASSWORD = 'bench'
const SNAPSHOT_RATE = Number(process.env.BENCH_SNAPSHOT_RATE ?? 200)
const SNAPSHOT_MEMBERS_RATE = Number(process.env.BENCH_SNAPSHOT_MEMBERS_RATE ?? 20)
const CASES = new Set((process.env.BENCH_CASES ?? 'read,historique,page,sign-in,snapshot,orders').split(','))
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')

export interface Member {
  numTiers: string
  numAdr: number
  numArticle: string
  libelle: string
  codeRegt: string
  poultry: boolean
}

/** Members who can order: an active address, a payment mode, a bulk feed they may order with no
 * delivery constraint of its own (any business day); some of them poultry farmers with lots. */
export async function pickMembers(db: pg.Client, count = MEMBERS): Promise<{ members: Member[]; largest: string }> {
  const { rows } = await db.query<Member>(
    // The members first (in md5 order, several times as many as needed), then what each can
    // order: the lateral reads for every member of the cooperative took 48 s before the bench.
    `with candidates as materialized (
       select t.num_tiers from tiers t join users u on u.username = t.num_tiers order by md5(t.num_tiers) limit $1 * 5)
     select t.num_tiers as "numTiers", ad.num_adr as "numAdr", a.num_article as "numArticle", a.libelle,
            r.code_regt as "codeRegt", exists (select 1 from lots l where l.num_tiers = t.num_tiers) as poultry
       from candidates t
       join lateral (select num_adr from adresses where num_tiers = t.num_tiers and etat = 'A' order by num_adr limit 1) ad on true
       join lateral (select code_regt from reglements_tiers where num_tiers = t.num_tiers order by par_defaut desc limit 1) r on true
       join lateral (select ar.num_article, ar.libelle from articles_commandables c join articles ar using (num_article)
                      where c.num_tiers = t.num_tiers and c.art_commandable and ar.code_type_article = 'A'
                        and ar.code_sous_type_article = 'AL' and coalesce(ar.type_aliment, '') !~* 'simple'
                        and not exists (select 1 from contraintes_livraison k
                                         where k.num_article = ar.num_article and k.num_tiers = t.num_tiers)
                      order by ar.num_article limit 1) a on true
      order by md5(t.num_tiers) limit $1`,
    [count],
  )
  const largest = await db.query<{ num_tiers: string }>(
    `select l.num_tiers from livraisons l join livraison_lignes x using (num_livraison)
      group by l.num_tiers order by count(*) desc limit 1`,
  )
  return { members: rows, largest: largest.rows[0]!.num_tiers }
}

/** The i-th order of a bench for member m: one line of their bulk feed, 5 to 14 t. */
export const cooperativeOrder = (m: Member, i: number) => ({
  numTiers: m.numTiers,
  commande: {
    commentaire: `bench coopérative ${i}`,
    lignes: [
      {
        idLigne: '001',
        numArticle: m.numArticle,
        libelleArticle: m.libelle,
        codeTypeArticle: 'A',
        codeUniteArticle: 'T',
        numAdresse: m.numAdr,
        datePrevueLivraison: businessDaysAfter(8),
        finDatePrevueLivraison: businessDaysAfter(12),
        matinApmidi: 'ID',
        finMatinApmidi: 'ID',
        codeModeCamion: 'VIS',
        codeTypeSilo1: '001',
        quantiteCommande: 5 + (i % 10),
        supplementations: [],
        mineraux: [],
        codeReglement: m.codeRegt,
      },
    ],
  },
})

const summary = (name: string, r: Awaited<ReturnType<typeof autocannon>>) =>
  [
    name,
    r.requests.average.toFixed(1),
    r.latency.p50,
    r.latency.p99,
    r.non2xx + r.errors + r.timeouts,
    Object.entries(r.statusCodeStats ?? {})
      .filter(([s]) => !s.startsWith('2'))
      .map(([s, v]) => `${s}×${(v as { count: number }).count}`)
      .join(' '),
  ].join(' | ')

/** Signs in a member given PASSWORD by the bench (an imported account has none). */
export async function signIn(base: string, username: string): Promise<string> {
  for (;;) {
    const res = await fetch(`${base}/security/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ username, password: PASSWORD }),
    })
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('silo_session='))
    if (res.ok && cookie) return cookie.split(';')[0]!
    if (res.status !== 503 && res.status !== 429) throw new Error(`sign-in as ${username}: ${res.status}`)
    await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 1)))
  }
}

export async function runCooperativeBench() {
  if (!DATABASE_URL) throw new Error('BENCH_COOPERATIVE needs DATABASE_URL: the database of an imported cooperative')
  const db = new pg.Client({ connectionString: DATABASE_URL })
  await db.connect()
  const counts = await db.query<{ tiers: string; lignes: string }>(
    'select (select count(*) from tiers) as tiers, (select count(*) from livraison_lignes) as lignes',
  )
  console.log(`database: ${counts.rows[0]!.tiers} members, ${counts.rows[0]!.lignes} delivery lines; load ${loadavg()}`)
  const { members, largest } = await pickMembers(db)
  if (members.length === 0) throw new Error('no member can order in this database')
  const hash = await hashPassword(PASSWORD)
  await db.query('update users set password_hash = $1 where username = any($2)', [
    hash,
    [...members.map((m) => m.numTiers), largest],
  ])
  await db.end()
  console.log(
    `${members.length} members signed in (${members.filter((m) => m.poultry).length} with lots); largest: ${largest}`,
  )

  // Compiled, as `npm start` runs it. SILO_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof")
  // go to the server's node: its profile under this load.
  const silo = await startSilo({
    port: PORT,
    env: { DATABASE_URL, SEED: 'none' },
    stderr: 'inherit',
    compiled: true,
    nodeArgs: process.env.SILO_NODE_ARGS?.split(' '),
  })
  const base = silo.base
  try {
    const cookies = new Map<string, string>()
    for (const m of [...members.map((x) => x.numTiers), largest]) cookies.set(m, await signIn(base, m))
    const reads = members.flatMap((m) => [
      { path: livraisonsPath(m.numTiers) + livraisonsPageSearch(), cookie: cookies.get(m.numTiers)! },
      { path: `/web/v1/tiers/${m.numTiers}/commandes/commandes-en-cours`, cookie: cookies.get(m.numTiers)! },
      ...(m.poultry ? [{ path: `/web/v1/tiers/${m.numTiers}/lots`, cookie: cookies.get(m.numTiers)! }] : []),
    ])
    let next = 0
    const mix = (overallRate?: number) =>
      autocannon({
        url: base,
        connections: CONNECTIONS,
        duration: DURATION,
        ...(overallRate ? { overallRate } : {}),
        requests: [
          {
            method: 'GET',
            setupRequest: (req) => {
              const r = reads[next++ % reads.length]!
              return { ...req, path: r.path, headers: { cookie: r.cookie } }
            },
          },
        ],
      })
    console.log('\ncase | req/s | p50 ms | p99 ms | not 2xx | statuses')
    if (CASES.has('read')) {
      await mix() // warm-up, unrecorded
      console.log(summary(`read mix at ${RATE}/s (${reads.length} paths)`, await mix(RATE)))
      console.log(summary('read mix at saturation', await mix()))
    }
    const big = cookies.get(largest)!
    if (CASES.has('historique'))
      console.log(
        summary(
          `Historique of ${largest} (the most lines)`,
          await autocannon({
            url: `${base}${livraisonsPath(largest)}${livraisonsPageSearch()}`,
            connections: CONNECTIONS,
            duration: DURATION,
            headers: { cookie: big },
          }),
        ),
      )
    if (CASES.has('page'))
      // The server-rendered Historique (a navigation, as a browser's): kept once per member and version.
      console.log(
        summary(
          `Historique page (server-rendered) of ${largest}`,
          await autocannon({
            url: `${base}/catalog/order_history`,
            connections: CONNECTIONS,
            duration: DURATION,
            headers: { cookie: big, 'sec-fetch-mode': 'navigate', 'accept-encoding': 'br, gzip' },
          }),
        ) + ` | load ${loadavg()}`,
      )
    if (CASES.has('snapshot'))
      await snapshotCases(
        base,
        members.map((m) => m.numTiers),
        largest,
        cookies,
      )
    let who = 0
    if (CASES.has('sign-in'))
      console.log(
        summary(
          'sign-in',
          await autocannon({
            url: `${base}/security/login`,
            connections: CONNECTIONS,
            duration: DURATION,
            requests: [
              {
                method: 'POST',
                setupRequest: (req) => ({
                  ...req,
                  headers: { 'content-type': 'application/json', origin: base },
                  body: JSON.stringify({ username: members[who++ % members.length]!.numTiers, password: PASSWORD }),
                }),
              },
            ],
          }),
        ),
      )
    let n = 0
    if (CASES.has('orders'))
      console.log(
        summary(
          'orders placed',
          await autocannon({
            url: base,
            connections: CONNECTIONS,
            duration: DURATION,
            requests: [
              {
                method: 'POST',
                setupRequest: (req) => {
                  const m = members[n % members.length]!
                  const i = n++
                  return {
                    ...req,
                    path: `/web/v1/tiers/${m.numTiers}/commandes`,
                    headers: {
                      cookie: cookies.get(m.numTiers)!,
                      origin: base,
                      'content-type': 'application/json',
                      'Idempotency-Key': randomUUID(),
                    },
                    body: JSON.stringify(cooperativeOrder(m, i)),
                  }
                },
              },
            ],
          }),
        ),
      )
  } finally {
    await silo.stop()
  }
}

/** The snapshot for no signal (issue 50): sizes, conditional refreshes, full snapshots. */
async function snapshotCases(base: string, members: string[], largest: string, cookies: Map<string, string>) {
  const get = (numTiers: string, headers: Record<string, string>) =>
    fetch(`${base}${horsConnexionPath(numTiers)}`, { headers: { cookie: cookies.get(numTiers)!, ...headers } })
  // Sizes on the wire for the largest member (undici would decompress: the bytes are counted raw).
  const sizes: string[] = []
  for (const encoding of ['identity', 'gzip', 'br']) {
    const started = performance.now()
    const res = await rawGet(`${base}${horsConnexionPath(largest)}`, {
      cookie: cookies.get(largest)!,
      'accept-encoding': encoding,
    })
    sizes.push(
      `${encoding} ${(res.bytes / 1024).toFixed(1)} KB (${res.status}, ${(performance.now() - started).toFixed(0)} ms)`,
    )
  }
  console.log(`snapshot of ${largest}: ${sizes.join(', ')}; load ${loadavg()}`)

  // Each member's ETag, as a device holding its snapshot has it.
  const etags = new Map<string, string>()
  for (const m of members) {
    const res = await get(m, { 'accept-encoding': 'br' })
    await res.arrayBuffer()
    etags.set(m, res.headers.get('etag')!)
  }
  let k = 0
  console.log(
    summary(
      `snapshot: conditional refreshes at ${SNAPSHOT_RATE}/s (${members.length} members, 304)`,
      await autocannon({
        url: base,
        connections: CONNECTIONS,
        duration: DURATION,
        ...{ overallRate: SNAPSHOT_RATE },
        requests: [
          {
            method: 'GET',
            setupRequest: (req) => {
              const m = members[k++ % members.length]!
              return {
                ...req,
                path: horsConnexionPath(m),
                headers: { cookie: cookies.get(m)!, 'if-none-match': etags.get(m)!, 'accept-encoding': 'br' },
              }
            },
          },
        ],
      }),
    ) + ` | load ${loadavg()}`,
  )

  // Full snapshots of different members: a new version for each (what an ERP post or an order
  // does), so each is built again, then the same versions again (from the cache).
  const db = new pg.Client({ connectionString: DATABASE_URL })
  await db.connect()
  await db.query(
    `update versions_hors_connexion set version = nextval('versions_hors_connexion_seq') where num_tiers = any($1)`,
    [members],
  )
  await db.query(
    `insert into versions_hors_connexion (num_tiers, version) select m, nextval('versions_hors_connexion_seq')
       from unnest($1::text[]) m on conflict do nothing`,
    [members],
  )
  await db.end()
  const full = (label: string) => {
    let j = 0
    return autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: Math.max(1, Math.floor(members.length / SNAPSHOT_MEMBERS_RATE)),
      ...{ overallRate: SNAPSHOT_MEMBERS_RATE },
      requests: [
        {
          method: 'GET',
          setupRequest: (req) => {
            const m = members[j++ % members.length]!
            return { ...req, path: horsConnexionPath(m), headers: { cookie: cookies.get(m)!, 'accept-encoding': 'br' } }
          },
        },
      ],
    }).then((r) => console.log(summary(label, r) + ` | load ${loadavg()}`))
  }
  await full(`snapshot: full (br) of ${SNAPSHOT_MEMBERS_RATE} different members/s, each built`)
  // Every member's version built (those the first round did not reach), then served again.
  for (const m of members) await (await get(m, { 'accept-encoding': 'br' })).arrayBuffer()
  await full(`snapshot: full (br) of ${SNAPSHOT_MEMBERS_RATE} different members/s, same versions (cached)`)
}

/** A GET whose body is counted as it comes (compressed or not): node:http does not decompress. */
async function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; bytes: number }> {
  const http = await import('node:http')
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let bytes = 0
        res.on('data', (chunk: Buffer) => (bytes += chunk.length))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }))
      })
      .on('error', reject)
  })
}
