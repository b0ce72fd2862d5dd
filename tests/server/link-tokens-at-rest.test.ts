// Links nobody else can use (issue 48). A first sign-in link's token is a credential: no table, no
// backup and no audit row holds it in clear — the mail's kept text has a place-holder, the link
// waits encrypted in mail_outbox.secret until SMTP accepts the mail, then is erased — and a link
// points to PUBLIC_URL, never to a request's Host (without PUBLIC_URL, only a loopback Silo makes
// links, for http://localhost:PORT).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeBackup } from '../../src/server/db/backup'
import { auditLog, mailOutbox, users } from '../../src/server/db/schema'
import { silentLogger } from '../../src/server/logger'
import { DEMO } from '../../src/server/seed/demo'
import { sendDueMails } from '../../src/server/services/mailer'
import { backends, databaseUrl, embeddedUrl, type Backend, type OpenedTestDb } from './support/databases'
import { buildTestApp, send } from './support/app'
import { startTestSmtp, type TestSmtp } from './support/smtp'

const FARMER_ROLES = ['COM_ALI_LECTURE_PERSONNELLE', 'COM_ALI_ECRITURE_PERSONNELLE']
const LINK = /(https?:\/\/[^\s/]+)\/security\/premiere-connexion\?jeton=([A-Za-z0-9_-]{43})/

/** The test database's address, for a client of its own (what `npm run backup` opens). */
async function databaseOf(backend: Backend, opened: OpenedTestDb): Promise<string> {
  const { rows } = await opened.db.execute<{ name: string }>(sql`select current_database() as name`)
  const url = new URL(backend.name === 'embedded' ? embeddedUrl : databaseUrl!)
  url.pathname = `/${rows[0]!.name}`
  return url.toString()
}

describe.each(backends)('sign-in links at rest and their address, on $name', (backend) => {
  let opened: OpenedTestDb
  let smtp: TestSmtp
  const dir = mkdtempSync(join(tmpdir(), 'silo-link-tokens-'))

  beforeAll(async () => {
    opened = await backend.open()
    smtp = await startTestSmtp()
    for (const n of ['190910', '190911', '190912']) {
      await opened.db.execute(
        sql`insert into tiers (num_tiers, raison_sociale, type_tiers, num_entite) values (${n}, ${`EARL REPOS ${n}`}, 'ADH', 'AGR')`,
      )
      await opened.db.insert(users).values({
        username: n,
        displayName: `EARL Repos ${n}`,
        email: `earl.${n}@example.org`,
        roles: FARMER_ROLES,
      })
    }
  })
  afterAll(async () => {
    await smtp?.close()
    await opened?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  /**
   * Staff (admin) acting for `numTiers` send a link through `app`, with these request headers; the
   * page's origin is `origin` (PUBLIC_URL's when set: the cross-origin guard wants it).
   */
  async function sendFrom(
    t: ReturnType<typeof buildTestApp>,
    numTiers: string,
    headers: Record<string, string> = {},
    origin = 'http://localhost',
  ) {
    const signedIn = await t.app.request('/security/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin, Host: new URL(origin).host },
      body: JSON.stringify({ username: DEMO.admin, password: 'demo' }),
    })
    expect(signedIn.status).toBe(200)
    const admin = signedIn.headers.get('set-cookie')!.split(';')[0]!
    const own = { Origin: origin, Host: new URL(origin).host }
    expect((await send(t.app, 'PUT', '/web/user/me/tiers', { numTiers }, admin, own)).status).toBe(200)
    return send(t.app, 'POST', `/web/v1/tiers/${numTiers}/acces/lien`, {}, admin, { ...own, ...headers })
  }
  const deliver = () => sendDueMails(opened.db, { smtpUrl: smtp.url, from: 'silo@example.org', logger: silentLogger })
  const mailedLink = (to: string) => {
    const raw = smtp.received
      .filter((m) => m.to.includes(to))
      .at(-1)!
      .raw.replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=')
    return LINK.exec(raw)
  }
  const everything = async () =>
    JSON.stringify([await opened.db.select().from(mailOutbox), await opened.db.select().from(auditLog)])

  it('a backup taken while a link is unused holds neither its token nor any jeton= address; once sent, no table does', async () => {
    const t = buildTestApp(opened.db, { HOST: '127.0.0.1' })
    expect((await sendFrom(t, '190910')).status).toBe(200)
    const file = join(dir, 'avant-envoi.jsonl.gz')
    const client = new pg.Client({ connectionString: await databaseOf(backend, opened) })
    await client.connect()
    try {
      await writeBackup(client, file, randomBytes(32))
    } finally {
      await client.end()
    }
    const backup = gunzipSync(readFileSync(file)).toString('utf8')
    expect(backup).toContain('earl.190910@example.org') // the mail is in it…
    expect(backup).not.toContain('jeton=') // …without its link
    expect(await everything()).not.toContain('jeton=')

    await deliver()
    const link = mailedLink('earl.190910@example.org')
    expect(link?.[1]).toBe('http://localhost:8080')
    const jeton = link![2]!
    expect(backup).not.toContain(jeton)
    const after = await everything()
    expect(after).not.toContain(jeton)
    expect(after).not.toContain('jeton=')
    const [kept] = await opened.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.to} = 'earl.190910@example.org'`)
    expect(kept!.secret).toBeNull()
    expect(kept!.sentAt).not.toBeNull()

    // The member's link still works, once.
    const choose = () =>
      t.app.request('/security/premiere-connexion', {
        method: 'POST',
        headers: { Host: 'localhost', Origin: 'http://localhost', 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          jeton,
          motDePasse: 'Haie de noisetiers 48',
          confirmation: 'Haie de noisetiers 48',
        }).toString(),
      })
    expect((await choose()).status).toBe(303)
    expect((await choose()).status).toBe(404)
  })

  it('without PUBLIC_URL, a Silo reachable from other machines sends no link, whatever the Host: 409 and nothing queued', async () => {
    const t = buildTestApp(opened.db, { HOST: '0.0.0.0' })
    const before = (await opened.db.select().from(mailOutbox)).length
    const res = await sendFrom(t, '190911', { Host: 'evil.example', Origin: 'http://evil.example' })
    // The cross-origin guard or the link rule refuses it; either way nothing leaves.
    expect([403, 409]).toContain(res.status)
    const plain = await sendFrom(t, '190911')
    expect(plain.status).toBe(409)
    expect((await plain.json()).message).toMatch(/liens de connexion sont désactivés : définissez PUBLIC_URL/)
    expect((await opened.db.select().from(mailOutbox)).length).toBe(before)
    expect(JSON.stringify(await opened.db.select().from(mailOutbox))).not.toContain('evil.example')
  })

  it('with PUBLIC_URL, the link is PUBLIC_URL’s, whatever the Host of the staff request', async () => {
    const t = buildTestApp(opened.db, { PUBLIC_URL: 'https://silo.cooperative.example', HOST: '0.0.0.0' })
    const res = await sendFrom(t, '190912', { Host: 'evil.example' }, 'https://silo.cooperative.example')
    expect(res.status).toBe(200)
    await deliver()
    expect(mailedLink('earl.190912@example.org')?.[1]).toBe('https://silo.cooperative.example')
    expect(JSON.stringify(smtp.received)).not.toContain('evil.example')
  })
})
