// First sign-in links (issue 40): staff acting for an imported member (no password) send a link by
// mail; the member opens it, chooses a password and is signed in. The token is stored hashed, serves
// once, for 48 h; a newer link replaces it; staff send at most 5 a day per member, under a burst too.
import { createHash } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIENS_PAR_HEURE, LIENS_PAR_JOUR } from '../../src/contract/acces-adherent'
import { liensConnexion, mailOutbox, users } from '../../src/server/db/schema'
import { silentLogger } from '../../src/server/logger'
import { DEMO } from '../../src/server/seed/demo'
import { sendDueMails } from '../../src/server/services/mailer'
import { LIEN_A_INSERER } from '../../src/server/services/mail-secret'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, get, send, signIn, TEST_NOW } from './support/app'
import { withOpenApiCheck } from './support/openapi-check'
import { startTestSmtp, type TestSmtp } from './support/smtp'

const FARMER_ROLES = ['COM_ALI_LECTURE_PERSONNELLE', 'COM_ALI_ECRITURE_PERSONNELLE']
const PASSWORD = 'prairie du haut 2026'

describe.each(backends)('first sign-in links on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>
  let admin: string
  let smtp: TestSmtp

  /** An imported member: a customer and an account with a mail address and no password. */
  async function importedMember(
    numTiers: string,
    email: string | null,
    names = { tiers: `EARL ESSAI ${numTiers}`, account: `EARL Essai ${numTiers}` },
  ) {
    await opened.db.execute(
      sql`insert into tiers (num_tiers, raison_sociale, type_tiers, num_entite, email)
          values (${numTiers}, ${names.tiers}, 'ADH', 'AGR', ${email})`,
    )
    await opened.db.insert(users).values({ username: numTiers, displayName: names.account, roles: FARMER_ROLES })
  }
  const actFor = async (numTiers: string) =>
    expect((await send(t.app, 'PUT', '/web/user/me/tiers', { numTiers }, admin)).status).toBe(200)
  const sendLink = () => send(t.app, 'POST', `/web/v1/tiers/${current}/acces/lien`, {}, admin)
  let current = ''

  /** The link the last mail to `to` carries, as the member receives it (through real SMTP). */
  async function linkInMail(to: string): Promise<string> {
    await sendDueMails(opened.db, { smtpUrl: smtp.url, from: 'silo@example.org', logger: silentLogger })
    const mail = smtp.received.filter((m) => m.to.includes(to)).at(-1)
    expect(mail?.subject).toBe('Silo : choisissez votre mot de passe')
    const raw = mail!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
    const url = /https?:\/\/\S+\/security\/premiere-connexion\?jeton=([A-Za-z0-9_-]{43})/.exec(raw)
    expect(url).not.toBeNull()
    return url![1]!
  }
  const page = (jeton: string) => get(t.app, `/security/premiere-connexion?jeton=${jeton}`)
  const choose = (jeton: string, motDePasse: string, confirmation = motDePasse) =>
    t.app.request('/security/premiere-connexion', {
      method: 'POST',
      headers: { Host: 'localhost', Origin: 'http://localhost', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ jeton, motDePasse, confirmation }).toString(),
    })

  beforeAll(async () => {
    opened = await backend.open()
    // Listening on loopback without PUBLIC_URL: links go to http://localhost:PORT (link-origin.ts).
    t = withOpenApiCheck(buildTestApp(opened.db, { HOST: '127.0.0.1' }))
    smtp = await startTestSmtp()
    admin = await signIn(t.app, DEMO.admin)
    await importedMember('100900', 'earl.essai@example.org')
    await importedMember('100901', 'earl.deux@example.org')
    await importedMember('100902', null)
    await importedMember('200004', 'bocquet@example.org', { tiers: 'GAEC DES CHÊNES', account: 'Hélène Bocquet' })
  })
  afterAll(async () => {
    await smtp?.close()
    await opened?.close()
  })

  it('is for staff acting for the member: a farmer, or staff acting for another, get 403 and nothing is sent', async () => {
    const farmer = await signIn(t.app, DEMO.eleveur)
    expect((await get(t.app, `/web/v1/tiers/${DEMO.eleveur}/acces`, farmer)).status).toBe(403)
    expect((await send(t.app, 'POST', `/web/v1/tiers/${DEMO.eleveur}/acces/lien`, {}, farmer)).status).toBe(403)
    await actFor('100901')
    const other = await send(t.app, 'POST', '/web/v1/tiers/100900/acces/lien', {}, admin)
    expect(other.status).toBe(403)
    expect((await other.json()).message).toMatch(/Vous agissez pour l’adhérent 100901/)
    const [{ n }] = (await opened.db.select({ n: sql<number>`count(*)::int` }).from(liensConnexion)) as [{ n: number }]
    expect(n).toBe(0)
  })

  it('sends a one-time link by mail, stored hashed; the member chooses a password and is signed in', async () => {
    await actFor('100900')
    current = '100900'
    const before = await (await get(t.app, '/web/v1/tiers/100900/acces', admin)).json()
    expect(before).toEqual({
      username: '100900',
      displayName: 'EARL Essai 100900',
      email: 'earl.essai@example.org',
      motDePasse: false,
      dernierLien: null,
    })
    // Without a password the account cannot sign in.
    await expect(signIn(t.app, '100900', PASSWORD)).rejects.toThrow(/401/)

    const sent = await sendLink()
    expect(sent.status).toBe(200)
    expect(await sent.json()).toMatchObject({ email: 'earl.essai@example.org', envoyePar: DEMO.admin, utiliseA: null })
    const jeton = await linkInMail('earl.essai@example.org')
    const [stored] = await opened.db.select().from(liensConnexion).where(eq(liensConnexion.username, '100900'))
    expect(stored!.empreinte).toBe(createHash('sha256').update(jeton).digest('hex'))
    expect(JSON.stringify(stored)).not.toContain(jeton)

    const opened1 = await page(jeton)
    expect(opened1.status).toBe(200)
    expect(opened1.headers.get('cache-control')).toBe('no-store')
    const html = await opened1.text()
    expect(opened1.headers.get('referrer-policy')).toBe('same-origin')
    expect(html).toContain('Choisissez votre mot de passe')
    // The identifier, a read-only field a password manager saves with the new password (issue 51).
    expect(html).toMatch(
      /<input id="username" name="username" type="text" autocomplete="username" value="100900" readonly>/,
    )
    expect(html.match(/autocomplete="new-password"/g)).toHaveLength(2)

    // Refused passwords write nothing and keep the link good.
    const short = await choose(jeton, 'court')
    expect(short.status).toBe(422)
    expect(await short.text()).toContain('Le mot de passe doit faire au moins 10 caractères.')
    const differ = await choose(jeton, PASSWORD, `${PASSWORD}!`)
    expect(differ.status).toBe(422)
    expect(await differ.text()).toContain('Les deux mots de passe ne sont pas identiques.')
    expect((await choose(jeton, '100900')).status).toBe(422)
    const [still] = await opened.db.select().from(users).where(eq(users.username, '100900'))
    expect(still!.passwordHash).toBeNull()

    const done = await choose(jeton, PASSWORD)
    expect(done.status).toBe(303)
    expect(done.headers.get('location')).toBe('/catalog/order_history')
    const cookie = done.headers.get('set-cookie')!.split(';')[0]!
    const me = await get(t.app, '/web/user/me', cookie)
    expect(me.status).toBe(200)
    expect((await me.json()).username).toBe('100900')
    // The link served once; the password now signs in.
    expect((await page(jeton)).status).toBe(404)
    expect(await (await choose(jeton, 'un autre mot de passe')).text()).toContain('Ce lien n’est plus valable')
    await expect(signIn(t.app, '100900', PASSWORD)).resolves.toMatch(/=/)
    const after = await (await get(t.app, '/web/v1/tiers/100900/acces', admin)).json()
    expect(after.motDePasse).toBe(true)
    expect(after.dernierLien.utiliseA).not.toBeNull()
    // The kept mail never held the token: a place-holder, and its secret erased once sent.
    const kept = await opened.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'earl.essai@example.org'))
    expect(JSON.stringify(kept)).not.toContain(jeton)
    expect(JSON.stringify(kept)).not.toContain('jeton=')
    expect(kept[0]!.body).toContain(LIEN_A_INSERER)
    expect(kept[0]!.body).toContain(`Ce lien a été demandé par : Service clients.`)
    expect(kept[0]!.secret).toBeNull()
  })

  it('refuses, writing nothing, a common password, one easy to guess, or one holding the identifier or the name', async () => {
    await actFor('200004')
    current = '200004'
    expect((await sendLink()).status).toBe(200)
    const jeton = await linkInMail('bocquet@example.org')
    const refusals: [string, string][] = [
      ['motdepasse1', 'Ce mot de passe est trop courant'],
      ['azertyuiop', 'Ce mot de passe est trop courant'],
      ['Qwertyuiop!', 'Ce mot de passe est trop courant'],
      ['bonjour2024!', 'Mot de passe trop facile à deviner : ajoutez des mots ou des caractères.'],
      ['200004200004', 'Le mot de passe ne doit pas contenir votre identifiant.'],
      ['mon code 200004 !', 'Le mot de passe ne doit pas contenir votre identifiant.'],
      // The account's name, whatever its accents and case; the tiers' name too.
      ['helene aime les vaches', 'Le mot de passe ne doit pas contenir votre nom.'],
      ['BOCQUET et ses génisses', 'Le mot de passe ne doit pas contenir votre nom.'],
      ['sous les chenes du bas', 'Le mot de passe ne doit pas contenir votre nom.'],
    ]
    for (const [motDePasse, reason] of refusals) {
      const refused = await choose(jeton, motDePasse)
      expect(refused.status, motDePasse).toBe(422)
      const html = await refused.text()
      expect(html, motDePasse).toContain(reason)
      expect(html).toContain('aria-describedby="premiere-error premiere-hint"')
    }
    // zxcvbn's own advice, in French, under the reason.
    expect(await (await choose(jeton, 'bonjour2024!')).text()).toContain('Ajoutez des mots moins courants.')
    // A burst of weak ones at once: each refused, one after the other on the estimator's thread.
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => choose(jeton, `bonjour${2000 + i}!`)))
    expect(burst.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 422))
    // A refused password wrote nothing: no password, the link still good.
    const [still] = await opened.db.select().from(users).where(eq(users.username, '200004'))
    expect(still!.passwordHash).toBeNull()
    expect((await page(jeton)).status).toBe(200)
    // « des » (too short) and « GAEC » (a legal form) are no name: a strong password holding them is taken.
    const done = await choose(jeton, 'le gaec des prés verts 2026')
    expect(done.status).toBe(303)
    await expect(signIn(t.app, '200004', 'le gaec des prés verts 2026')).resolves.toMatch(/=/)
  })

  it(`a burst of sends passes no more than ${LIENS_PAR_HEURE} links an hour and ${LIENS_PAR_JOUR} a day for one member`, async () => {
    await actFor('100900')
    current = '100900'
    const mails = async () => (await opened.db.select().from(mailOutbox)).length
    const mailsBefore = await mails()
    const burst = async (expected: number, reason: RegExp) => {
      const answers = await Promise.all(Array.from({ length: 12 }, () => sendLink()))
      const statuses = answers.map((a) => a.status).sort()
      expect(statuses.filter((s) => s === 200)).toHaveLength(expected)
      expect(statuses.filter((s) => s === 429)).toHaveLength(12 - expected)
      expect((await answers.find((a) => a.status === 429)!.json()).message).toMatch(reason)
    }
    // One was sent by the previous test.
    await burst(LIENS_PAR_HEURE - 1, /Déjà 3 liens envoyés à ce compte dans l’heure/)
    expect((await mails()) - mailsBefore).toBe(LIENS_PAR_HEURE - 1)
    t.clock.set('2026-11-23T09:31:00') // an hour later: the day's limit is next
    admin = await signIn(t.app, DEMO.admin) // the session's window has passed meanwhile
    await actFor('100900')
    await burst(LIENS_PAR_JOUR - LIENS_PAR_HEURE, /Déjà 5 liens envoyés à ce compte en 24 heures/)
    expect((await mails()) - mailsBefore).toBe(LIENS_PAR_JOUR - 1)
    t.clock.set(TEST_NOW)
    admin = await signIn(t.app, DEMO.admin)
  })

  it('a newer link replaces the older; a link is good 48 h; two uses at once: one wins', async () => {
    await actFor('100901')
    current = '100901'
    expect((await sendLink()).status).toBe(200)
    const first = await linkInMail('earl.deux@example.org')
    expect((await sendLink()).status).toBe(200)
    const second = await linkInMail('earl.deux@example.org')
    expect((await page(first)).status).toBe(404)
    expect((await page(second)).status).toBe(200)

    const [a, b] = await Promise.all([choose(second, PASSWORD), choose(second, 'un autre mot de passe sûr')])
    expect([a!.status, b!.status].sort()).toEqual([303, 404])

    expect((await sendLink()).status).toBe(200)
    const third = await linkInMail('earl.deux@example.org')
    t.clock.set('2026-11-25T08:29:00') // 47 h 59 min later
    expect((await page(third)).status).toBe(200)
    t.clock.set('2026-11-25T08:31:00')
    expect((await page(third)).status).toBe(404)
    expect((await choose(third, PASSWORD)).status).toBe(404)
    t.clock.set(TEST_NOW)
  })

  it('refuses, writing nothing: no mail address (409), no account (404), a token made up (404)', async () => {
    await actFor('100902')
    current = '100902'
    const none = await sendLink()
    expect(none.status).toBe(409)
    expect((await none.json()).message).toMatch(/Aucune adresse électronique/)
    await opened.db.execute(
      sql`insert into tiers (num_tiers, raison_sociale, type_tiers, num_entite) values ('100903', 'EARL SANS COMPTE', 'ADH', 'AGR')`,
    )
    await actFor('100903')
    current = '100903'
    expect((await get(t.app, '/web/v1/tiers/100903/acces', admin)).status).toBe(404)
    const noAccount = await sendLink()
    expect(noAccount.status).toBe(404)
    expect((await noAccount.json()).message).toMatch(/n’a pas de compte de connexion/)
    const rows = await opened.db.select().from(liensConnexion).where(eq(liensConnexion.username, '100902'))
    expect(rows).toHaveLength(0)
    for (const jeton of ['x'.repeat(43), 'short', '../../etc', '%00'.repeat(20)]) {
      expect((await page(encodeURIComponent(jeton))).status).toBe(404)
      expect((await choose(jeton, PASSWORD)).status).toBe(404)
    }
  })
})
