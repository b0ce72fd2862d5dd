// « Première connexion ou mot de passe oublié ? » (issue 48): a member asks for the first sign-in
// link themselves. The answer never tells who is a member: an unknown number, one without an
// address, a disabled one, a known one and one over its limit get the same bytes, at the same time
// (the floor, services/link-request.ts); the known one's mail arrives through real SMTP. Limits per
// number (3 an hour, under a burst too) and per requesting address (10 an hour, under a burst).
import { and, count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMANDE_LIEN_ENVOYEE_PATH, DEMANDE_LIEN_PATH, LIENS_PAR_HEURE } from '../../src/contract/acces-adherent'
import { liensConnexion, mailOutbox, users } from '../../src/server/db/schema'
import { silentLogger } from '../../src/server/logger'
import { DEMANDE_PLANCHER_MS, DEMANDES_PAR_ADRESSE } from '../../src/server/services/link-request'
import { sendDueMails } from '../../src/server/services/mailer'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, get, TEST_NOW } from './support/app'
import { startTestSmtp, type TestSmtp } from './support/smtp'

const FARMER_ROLES = ['COM_ALI_LECTURE_PERSONNELLE', 'COM_ALI_ECRITURE_PERSONNELLE']
const REPEATS = 20

/** A mail's text as read: quoted-printable undone (soft breaks, =XX bytes as UTF-8). */
const decoded = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8')

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2
}

describe.each(backends)('asking for a sign-in link from the sign-in page, on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>
  let smtp: TestSmtp
  let closed = false
  let addressN = 0
  /** A requesting address of its own for each request, unless a test shares one on purpose. */
  const nextAddress = () => `198.51.${100 + (++addressN >> 8)}.${addressN & 255}`

  async function account(username: string, email: string | null, opts: { disabled?: boolean } = {}) {
    await opened.db.insert(users).values({
      username,
      displayName: `EARL Essai ${username}`,
      roles: FARMER_ROLES,
      email,
      desactiveA: opts.disabled ? new Date(TEST_NOW) : null,
    })
  }
  const accounts = (from: number, n: number) =>
    Promise.all(Array.from({ length: n }, (_, i) => account(String(from + i), `earl.${from + i}@example.org`)))

  async function ask(
    identifiant: string,
    opts: { json?: boolean; address?: string; origin?: string; app?: typeof t.app } = {},
  ) {
    return await (opts.app ?? t.app).request(
      DEMANDE_LIEN_PATH,
      {
        method: 'POST',
        headers: {
          Host: 'localhost',
          Origin: opts.origin ?? 'http://localhost',
          'Content-Type': opts.json ? 'application/json' : 'application/x-www-form-urlencoded',
        },
        body: opts.json ? JSON.stringify({ identifiant }) : new URLSearchParams({ identifiant }).toString(),
      },
      { incoming: { socket: { remoteAddress: opts.address ?? nextAddress() } } },
    )
  }
  /** What a client can tell apart: the status, the headers that say anything, the body's bytes. */
  async function seen(res: Response) {
    const headers = Object.fromEntries(
      ['location', 'content-type', 'content-length', 'cache-control', 'set-cookie', 'retry-after'].map((h) => [
        h,
        res.headers.get(h),
      ]),
    )
    return { status: res.status, headers, body: Buffer.from(await res.arrayBuffer()).toString('base64') }
  }
  const linksOf = async (username: string) =>
    (
      await opened.db
        .select({ n: count() })
        .from(liensConnexion)
        .where(and(eq(liensConnexion.username, username), eq(liensConnexion.origine, 'adherent')))
    )[0]!.n
  const mailsTo = async (to: string) =>
    (await opened.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.to, to)))[0]!.n

  beforeAll(async () => {
    opened = await backend.open()
    // Listening on loopback without PUBLIC_URL: links go to http://localhost:PORT (link-origin.ts).
    t = buildTestApp(opened.db, { HOST: '127.0.0.1' })
    smtp = await startTestSmtp()
    await account('400001', 'earl.connue@example.org')
    await account('400002', null)
    await account('400003', 'earl.desactivee@example.org', { disabled: true })
    await account('400004', 'earl.limitee@example.org')
    await accounts(410000, REPEATS)
  })
  afterAll(async () => {
    await smtp?.close()
    if (!closed) await opened?.close()
  })

  it('the sign-in page leads to the form: a labelled number, autocomplete username, no inline style', async () => {
    const signIn = await (await get(t.app, '/security/login')).text()
    expect(signIn).toContain(`<a href="${DEMANDE_LIEN_PATH}">Première connexion ou mot de passe oublié ?</a>`)
    const page = await get(t.app, `${DEMANDE_LIEN_PATH}?identifiant=400001`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('<label for="identifiant">Identifiant (numéro de tiers)</label>')
    expect(html).toMatch(
      /<input id="identifiant" name="identifiant" autocomplete="username" inputmode="text"[^>]*value="400001"/,
    )
    expect(html).toContain(`<form method="post" action="${DEMANDE_LIEN_PATH}">`)
    expect(html).not.toMatch(/\sstyle=/)
    expect(html).not.toContain('<script')
    expect(page.headers.get('content-security-policy')).not.toContain('unsafe-inline')
    // Its stylesheet carries this response's nonce (docs/csp-styles.md).
    const nonce = /'nonce-([^']+)'/.exec(page.headers.get('content-security-policy') ?? '')?.[1]
    expect(html).toContain(`<style nonce="${nonce}">`)
  })

  it('the same answer for an unknown number, one without an address, a disabled one, a known one, one over its limit and links disabled; the known one gets the mail', async () => {
    // 400004 has had its hour's links already.
    for (let i = 0; i < LIENS_PAR_HEURE; i++) await ask('400004')
    expect(await linksOf('400004')).toBe(LIENS_PAR_HEURE)
    const numbers = ['499999', '400002', '400003', '400001', '400004']
    // A Silo listening on every address without PUBLIC_URL: links disabled (link-origin.ts).
    const noLinks = buildTestApp(opened.db, { HOST: '0.0.0.0' }).app
    for (const json of [false, true]) {
      const answers = await Promise.all([
        ...numbers.map(async (n) => seen(await ask(n, { json }))),
        ask('400001', { json, app: noLinks }).then(seen),
      ])
      for (const a of answers.slice(1)) expect(a).toEqual(answers[0])
      if (json) {
        expect(answers[0]!.status).toBe(202)
        expect(JSON.parse(Buffer.from(answers[0]!.body, 'base64').toString())).toEqual({
          message:
            'Demande reçue : si cet identifiant est celui d’un compte Silo qui a une adresse électronique, un lien pour choisir le mot de passe vient d’y être envoyé.',
        })
      } else {
        expect(answers[0]!.status).toBe(303)
        expect(answers[0]!.headers.location).toBe(DEMANDE_LIEN_ENVOYEE_PATH)
        expect(answers[0]!.body).toBe('')
      }
    }
    // The page the form's answer leads to: one page for all.
    const page = await get(t.app, DEMANDE_LIEN_ENVOYEE_PATH)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Si cet identifiant est celui d’un compte Silo qui a une adresse électronique')

    // Only the known number got links (one per answer above), and nothing else was written.
    expect(await linksOf('400001')).toBe(2)
    expect(await linksOf('400004')).toBe(LIENS_PAR_HEURE)
    expect(await linksOf('400002')).toBe(0)
    expect(await linksOf('400003')).toBe(0)
    expect(await mailsTo('earl.desactivee@example.org')).toBe(0)
    const [audit] = await opened.db
      .execute<{ username: string; n: number }>(
        sql`select username, count(*)::int as n from audit_log where num_tiers = '400001' and action = 'lien-connexion' group by username`,
      )
      .then((r) => r.rows)
    expect(audit).toEqual({ username: '400001', n: 2 })

    // The mail, as the member receives it through SMTP: who asked, and a link that opens the page.
    await sendDueMails(opened.db, { smtpUrl: smtp.url, from: 'silo@example.org', logger: silentLogger })
    const mail = smtp.received.filter((m) => m.to.includes('earl.connue@example.org')).at(-1)
    expect(mail?.subject).toBe('Silo : choisissez votre mot de passe')
    const text = decoded(mail!.raw)
    expect(text).toContain('Ce lien a été demandé par : vous-même, depuis la page de connexion.')
    expect(text).toContain('Votre identifiant : 400001')
    const link = /http:\/\/localhost:\d+(\/security\/premiere-connexion\?jeton=[A-Za-z0-9_-]{43})/.exec(text)
    expect((await get(t.app, link![1]!)).status).toBe(200)
  })

  it(`answers every kind after the same time: each kind's median within the spread of ${REPEATS} repeats, none before the floor`, async () => {
    // Each round asks for the four kinds at once, each from its own address; the known numbers are
    // fresh accounts (a known number asked 20 times would be over its limit from the 4th).
    const kinds = { unknown: [] as number[], noAddress: [] as number[], known: [] as number[], limited: [] as number[] }
    const answers = new Set<string>()
    for (let round = 0; round < REPEATS; round++) {
      const numbers = { unknown: '499998', noAddress: '400002', known: String(410000 + round), limited: '400004' }
      await Promise.all(
        (Object.keys(numbers) as (keyof typeof numbers)[]).map(async (kind) => {
          const started = performance.now()
          const res = await ask(numbers[kind])
          kinds[kind].push(performance.now() - started)
          answers.add(JSON.stringify(await seen(res)))
        }),
      )
    }
    expect(answers.size).toBe(1)
    for (let i = 0; i < REPEATS; i++) expect(await linksOf(String(410000 + i))).toBe(1)
    const all = Object.values(kinds)
    for (const times of all) expect(Math.min(...times)).toBeGreaterThanOrEqual(DEMANDE_PLANCHER_MS - 1)
    const spread = Math.max(...all.map((times) => Math.max(...times) - Math.min(...times)))
    const medians = all.map(median)
    expect(Math.max(...medians) - Math.min(...medians)).toBeLessThan(spread)
  })

  it(`the ${LIENS_PAR_HEURE + 1}th request within the hour for one number sends nothing; an hour later it sends again`, async () => {
    await account('420001', 'earl.quatre@example.org')
    for (let i = 0; i < LIENS_PAR_HEURE + 1; i++) expect((await ask('420001')).status).toBe(303)
    expect(await linksOf('420001')).toBe(LIENS_PAR_HEURE)
    expect(await mailsTo('earl.quatre@example.org')).toBe(LIENS_PAR_HEURE)
    t.clock.set('2026-11-23T09:31:00')
    await ask('420001')
    expect(await linksOf('420001')).toBe(LIENS_PAR_HEURE + 1)
    t.clock.set(TEST_NOW)
  })

  it(`a burst of requests for one number, from many addresses, sends at most ${LIENS_PAR_HEURE}`, async () => {
    await account('420002', 'earl.rafale@example.org')
    const answers = await Promise.all(Array.from({ length: 12 }, () => ask('420002')))
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([303]))
    expect(await linksOf('420002')).toBe(LIENS_PAR_HEURE)
    expect(await mailsTo('earl.rafale@example.org')).toBe(LIENS_PAR_HEURE)
  })

  it(`one address gets ${DEMANDES_PAR_ADRESSE} requests an hour, under a burst too; beyond, the same answer and nothing sent`, async () => {
    await accounts(430000, 15)
    const address = '203.0.113.7'
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) => ask(String(430000 + i), { address }).then(seen)),
    )
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1)
    const sent = await Promise.all(Array.from({ length: 15 }, (_, i) => linksOf(String(430000 + i))))
    expect(sent.reduce((a, b) => a + b, 0)).toBe(DEMANDES_PAR_ADRESSE)
    // Another address is not slowed; this one again an hour later.
    const waiting = String(430000 + sent.indexOf(0))
    await ask(waiting, { address: '203.0.113.8' })
    expect(await linksOf(waiting)).toBe(1)
    t.clock.set('2026-11-23T09:31:00')
    const next = String(430000 + sent.indexOf(0, sent.indexOf(0) + 1))
    await ask(next, { address })
    expect(await linksOf(next)).toBe(1)
    t.clock.set(TEST_NOW)
  })

  it('refuses what is not a request, writing nothing: another site (403), no number (400), bad JSON (400)', async () => {
    await account('440001', 'earl.refus@example.org')
    const cross = await ask('440001', { origin: 'https://evil.example' })
    expect(cross.status).toBe(403)
    expect((await cross.json()).message).toBe('Requête refusée : elle ne vient pas de Silo.')
    const empty = await ask('   ')
    expect(empty.status).toBe(400)
    expect(await empty.text()).toContain('Indiquez votre identifiant (votre numéro de tiers).')
    const json = await ask('', { json: true })
    expect(json.status).toBe(400)
    expect((await json.json()).code).toBe('REQUETE_INVALIDE')
    const bad = await t.app.request(DEMANDE_LIEN_PATH, {
      method: 'POST',
      headers: { Host: 'localhost', Origin: 'http://localhost', 'Content-Type': 'application/json' },
      body: '{"identifiant":',
    })
    expect(bad.status).toBe(400)
    expect(await linksOf('440001')).toBe(0)
  })

  it('is described for OpenAPI with its body', async () => {
    const doc = await (await get(t.app, '/api/openapi.json')).json()
    const post = doc.paths[DEMANDE_LIEN_PATH].post
    expect(Object.keys(post.requestBody.content)).toEqual(['application/json', 'application/x-www-form-urlencoded'])
    expect(post.requestBody.content['application/json'].schema.properties).toHaveProperty('identifiant')
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['202', '303', '400', '403', '503']))
  })

  it('the database away: 503, never a 500', async () => {
    await opened.close()
    closed = true
    const res = await ask('400001', { json: true })
    expect(res.status).toBe(503)
    expect((await res.json()).code).toBe('BASE_INDISPONIBLE')
  })
})
