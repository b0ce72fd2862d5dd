// Staff accounts kept from the command line (issue 48 item 1): `creer` makes or updates a staff
// account and its first sign-in link (never its password), refuses member roles, unknown roles,
// member numbers and a Silo without PUBLIC_URL, writing nothing; `liste` shows the staff;
// `desactiver` ends the account's sessions at once and its sign-ins; `reactiver` gives them back.
import { and, eq, sql } from 'drizzle-orm'
import { DateTime } from 'luxon'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ZONE } from '../../src/domain/calendar'
import { ROLE } from '../../src/domain/roles'
import { createSession } from '../../src/server/auth/session-store'
import { auditLog, liensConnexion, mailOutbox, users } from '../../src/server/db/schema'
import { DEMO } from '../../src/server/seed/demo'
import { linkOrigin } from '../../src/server/services/link-origin'
import { LIEN_A_INSERER } from '../../src/server/services/mail-secret'
import {
  creerPersonnel,
  desactiverCompte,
  listePersonnel,
  reactiverCompte,
  SANS_ADRESSE_PUBLIQUE,
} from '../../src/server/services/personnel'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, get, send, signIn, TEST_NOW } from './support/app'

const PASSWORD = 'Silo mise en service 2026 !'
const STAFF = [ROLE.ADMIN_METIER, ROLE.ECRITURE_TOUS]

describe.each(backends)('npm run personnel on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>
  const now = DateTime.fromISO(TEST_NOW, { zone: ZONE })

  const creer = (identifiant: string, more: Partial<Parameters<typeof creerPersonnel>[1]> = {}) =>
    creerPersonnel(opened.db, {
      identifiant,
      nom: 'Claire Martin',
      courriel: `${identifiant}@cooperative.example`,
      roles: STAFF,
      staffRoles: t.config.staffRoles,
      origin: linkOrigin(t.config),
      mail: false,
      now,
      ...more,
    })
  const account = async (username: string) =>
    (await opened.db.select().from(users).where(eq(users.username, username)))[0]
  const mails = async () => (await opened.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox))[0]!.n
  /** Chooses the password through the link, as the browser's form does: the session's cookie. */
  async function choose(url: string): Promise<string> {
    const jeton = new URL(url).searchParams.get('jeton')!
    const res = await t.app.request('/security/premiere-connexion', {
      method: 'POST',
      headers: { Host: 'localhost', Origin: 'http://localhost', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ jeton, motDePasse: PASSWORD, confirmation: PASSWORD }).toString(),
    })
    expect(res.status).toBe(303)
    return res.headers.get('set-cookie')!.split(';')[0]!
  }
  const auditOf = (identifiant: string) =>
    opened.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.details}->>'compte' = ${identifiant}`)

  beforeAll(async () => {
    opened = await backend.open()
    // A Silo on loopback without PUBLIC_URL: links go to http://localhost:PORT (link-origin.ts).
    t = buildTestApp(opened.db, { HOST: '127.0.0.1' })
  })
  afterAll(async () => {
    await opened?.close()
  })

  it('creer makes a staff account without password and a link, no mail without SMTP; the link signs it in as staff', async () => {
    const before = await mails()
    const made = await creer('cmartin')
    expect(made.cree).toBe(true)
    expect(made.url).toMatch(/^http:\/\/localhost:8080\/security\/premiere-connexion\?jeton=[A-Za-z0-9_-]{43}$/)
    expect(made.lien.expireA).toBe(now.plus({ hours: 48 }).toUTC().toISO())
    expect(await account('cmartin')).toMatchObject({
      displayName: 'Claire Martin',
      email: 'cmartin@cooperative.example',
      roles: STAFF,
      passwordHash: null,
      desactiveA: null,
    })
    // mail: false — no encrypted link waits in mail_outbox for a mailer that never sends it.
    expect(await mails()).toBe(before)
    const [link] = await opened.db.select().from(liensConnexion).where(eq(liensConnexion.username, 'cmartin'))
    expect(link).toMatchObject({ envoyePar: 'operateur', origine: 'operateur', mailId: null })
    const actions = (await auditOf('cmartin')).map((r) => [r.username, r.action])
    expect(actions).toContainEqual(['operateur', 'personnel-cree'])

    const cookie = await choose(made.url)
    const me = await get(t.app, '/web/user/me', cookie)
    expect(me.status).toBe(200)
    expect(await me.json()).toMatchObject({ username: 'cmartin', roles: STAFF })
    expect((await get(t.app, '/web/v1/tiers/search?q=GAEC', cookie)).status).toBe(200) // staff search members
  })

  it('with SMTP the same link is queued, its address sealed apart from the kept text', async () => {
    const made = await creer('pbernard', { mail: true })
    const [row] = await opened.db
      .select({ mail: mailOutbox })
      .from(liensConnexion)
      .innerJoin(mailOutbox, eq(mailOutbox.id, liensConnexion.mailId))
      .where(eq(liensConnexion.username, 'pbernard'))
    expect(row!.mail.to).toBe('pbernard@cooperative.example')
    expect(row!.mail.body).toContain(LIEN_A_INSERER)
    expect(row!.mail.body).toContain('l’équipe informatique de votre coopérative')
    expect(row!.mail.body).not.toContain(new URL(made.url).searchParams.get('jeton'))
    expect(row!.mail.secret).not.toBeNull()
  })

  it('creer again updates name, address and roles, never the password, and the new link replaces the old', async () => {
    const first = await creer('jdurand')
    const cookie = await choose(first.url)
    const hash = (await account('jdurand'))!.passwordHash
    expect(hash).not.toBeNull()
    const again = await creer('jdurand', {
      nom: 'Jeanne Durand',
      courriel: 'j.durand@cooperative.example',
      roles: [ROLE.ECRITURE_ARTICLE, ROLE.ECRITURE_ARTICLE],
    })
    expect(again.cree).toBe(false)
    expect(await account('jdurand')).toMatchObject({
      displayName: 'Jeanne Durand',
      email: 'j.durand@cooperative.example',
      roles: [ROLE.ECRITURE_ARTICLE],
      passwordHash: hash,
    })
    expect((await get(t.app, '/web/user/me', cookie)).status).toBe(200) // an update ends no session
    expect(await signIn(t.app, 'jdurand', PASSWORD)).toMatch(/^silo_session=/)
    expect((await auditOf('jdurand')).map((r) => r.action)).toContain('personnel-modifie')
  })

  it('refuses member and unknown roles, bad identifiers, addresses and names, writing nothing', async () => {
    const cases: [string, Partial<Parameters<typeof creerPersonnel>[1]>, RegExp][] = [
      ['refus1', { roles: [ROLE.LECTURE_PERSONNELLE] }, /COM_ALI_LECTURE_PERSONNELLE est un rôle d’adhérent/],
      ['refus2', { roles: [ROLE.ADMIN_METIER, ROLE.ADHERENT_VGM] }, /rôle d’adhérent/],
      ['refus3', { roles: ['COM_ALI_TOUT_PUISSANT'] }, /Rôle inconnu : COM_ALI_TOUT_PUISSANT/],
      // Not in this Silo's STAFF_ROLES (the default five) nor COM_ALI_ADMIN_METIER.
      ['refus4', { roles: [ROLE.ECRITURE_PERSONNELLE] }, /Rôle inconnu/],
      ['refus5', { roles: [] }, /Aucun rôle/],
      ['jean dupont', {}, /sans espace/],
      ['100950', {}, /au moins une lettre/],
      // A member number with letters (the ERP's codes allow them): refused by the server's rows.
      ['AGR-12', {}, /numéro d’un tiers/],
      ['refus6', { courriel: 'pas-une-adresse' }, /Adresse électronique « pas-une-adresse » refusée/],
      ['refus7', { courriel: 'a b@cooperative.example' }, /refusée/],
      ['refus8', { nom: '  ' }, /Nom refusé/],
      ['refus9', { origin: null }, /PUBLIC_URL/],
    ]
    await opened.db.execute(
      sql`insert into tiers (num_tiers, raison_sociale, type_tiers, num_entite) values ('AGR-12', 'SCEA ESSAI', 'ADH', 'AGR')`,
    )
    const links = await opened.db.select({ n: sql<number>`count(*)::int` }).from(liensConnexion)
    for (const [identifiant, more, reason] of cases) {
      await expect(creer(identifiant, more), identifiant).rejects.toThrow(reason)
      expect(await account(identifiant)).toBeUndefined()
      expect(await auditOf(identifiant)).toEqual([])
    }
    expect(await opened.db.select({ n: sql<number>`count(*)::int` }).from(liensConnexion)).toEqual(links)
    // A member's account stays a member's.
    await expect(creer(DEMO.eleveur)).rejects.toThrow(/au moins une lettre/)
    await opened.db
      .insert(users)
      .values({ username: 'gaec-x', displayName: 'GAEC X', roles: [ROLE.LECTURE_PERSONNELLE] })
    await expect(creer('gaec-x')).rejects.toThrow(/est celui d’un adhérent/)
    expect((await account('gaec-x'))!.roles).toEqual([ROLE.LECTURE_PERSONNELLE])
  })

  it('without PUBLIC_URL, a Silo reachable from the network makes no link; PUBLIC_URL gives the link its address', async () => {
    expect(linkOrigin(buildTestApp(opened.db, { HOST: '0.0.0.0' }).config)).toBeNull()
    await expect(
      creer('refus10', { origin: linkOrigin({ publicUrl: null, host: '0.0.0.0', port: 8080 }) }),
    ).rejects.toThrow(SANS_ADRESSE_PUBLIQUE)
    const made = await creer('lpetit', {
      origin: linkOrigin({ publicUrl: 'https://silo.coop.example/x', host: '0.0.0.0', port: 8080 }),
    })
    expect(made.url).toMatch(/^https:\/\/silo\.coop\.example\/security\/premiere-connexion\?jeton=/)
  })

  it('a fourth creer in the hour is refused (link limit) and leaves the account as it was', async () => {
    for (let i = 0; i < 3; i++) await creer('rlimite', { nom: `Essai ${i}` })
    await expect(creer('rlimite', { nom: 'Essai 3' })).rejects.toThrow(/Déjà 3 liens/)
    expect((await account('rlimite'))!.displayName).toBe('Essai 2')
  })

  it('a burst of creer on one new identifier: one account, the link limit holds (3 made, the others refused)', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => creer('rafale', { nom: `Rafale ${i}` })),
    )
    const made = results.filter((r) => r.status === 'fulfilled')
    expect(made).toHaveLength(3)
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as Error).message).toMatch(/Déjà 3 liens envoyés à ce compte/)
    expect(await opened.db.select().from(users).where(eq(users.username, 'rafale'))).toHaveLength(1)
    expect((await auditOf('rafale')).filter((r) => r.action === 'personnel-cree')).toHaveLength(1)
    const links = await opened.db.select().from(liensConnexion).where(eq(liensConnexion.username, 'rafale'))
    expect(links).toHaveLength(3)
    expect(links.filter((l) => l.remplaceA === null)).toHaveLength(1) // only the last one opens
  })

  it('liste shows the staff accounts, their password and last link, not the members', async () => {
    await creer('zliste')
    const comptes = await listePersonnel(opened.db, t.config.staffRoles, now)
    const names = comptes.map((c) => c.identifiant)
    expect(names).toEqual([...names].sort())
    expect(names).not.toContain(DEMO.eleveur)
    expect(comptes.find((c) => c.identifiant === 'cmartin')).toMatchObject({
      nom: 'Claire Martin',
      motDePasse: true,
      dernierLien: { etat: 'utilise' },
      desactiveA: null,
    })
    expect(comptes.find((c) => c.identifiant === 'zliste')).toMatchObject({
      motDePasse: false,
      dernierLien: { etat: 'valable', jusqua: now.plus({ hours: 48 }).toJSDate() },
    })
    const later = await listePersonnel(opened.db, t.config.staffRoles, now.plus({ hours: 49 }))
    expect(later.find((c) => c.identifiant === 'zliste')!.dernierLien.etat).toBe('expire')
  })

  it('desactiver ends the sessions at once, refuses password, refresh and links; reactiver gives the password back', async () => {
    const made = await creer('vdesact')
    const cookie = await choose(made.url)
    const second = await signIn(t.app, 'vdesact', PASSWORD)
    const pending = await creer('vdesact', { now: now.plus({ minutes: 1 }) }) // sent, not used yet
    expect((await get(t.app, '/web/user/me', cookie)).status).toBe(200)

    expect(await desactiverCompte(opened.db, 'vdesact', now)).toEqual({ deja: null, sessions: 2 })
    for (const c of [cookie, second]) {
      expect((await get(t.app, '/web/user/me', c)).status).toBe(401)
      expect((await send(t.app, 'POST', '/security/refresh', {}, c)).status).toBe(401)
    }
    await expect(signIn(t.app, 'vdesact', PASSWORD)).rejects.toThrow(/failed: 401/)
    const page = await get(t.app, `/security/premiere-connexion?${new URL(pending.url).searchParams}`)
    expect(page.status).toBe(404)
    // A session opened by a sign-in under way when the account was disabled opens nothing either.
    const late = await createSession(opened.db, {
      username: 'vdesact',
      now,
      ip: null,
      userAgent: null,
      limits: { idleSeconds: 3600, maxAgeSeconds: 7200 },
    })
    expect((await get(t.app, '/web/user/me', `silo_session=${late.token}`)).status).toBe(401)
    // creer refuses a disabled account; desactiver again changes nothing.
    await expect(creer('vdesact')).rejects.toThrow(/est désactivé : réactivez-le/)
    expect(await desactiverCompte(opened.db, 'vdesact', now.plus({ minutes: 5 }))).toEqual({
      deja: now.toJSDate(),
      sessions: 0,
    })
    expect(
      (await listePersonnel(opened.db, t.config.staffRoles, now)).find((c) => c.identifiant === 'vdesact'),
    ).toMatchObject({ desactiveA: now.toJSDate(), dernierLien: { etat: 'remplace' } })

    expect(await reactiverCompte(opened.db, 'vdesact')).toEqual({ etaitDesactive: true })
    expect(await reactiverCompte(opened.db, 'vdesact')).toEqual({ etaitDesactive: false })
    const back = await signIn(t.app, 'vdesact', PASSWORD)
    expect((await get(t.app, '/web/user/me', back)).status).toBe(200)
    // The link pending when it was disabled stays out of service.
    expect((await get(t.app, `/security/premiere-connexion?${new URL(pending.url).searchParams}`)).status).toBe(404)
    const actions = (await auditOf('vdesact')).map((r) => [r.username, r.action])
    expect(actions).toContainEqual(['operateur', 'compte-desactive'])
    expect(actions).toContainEqual(['operateur', 'compte-reactive'])
    await expect(desactiverCompte(opened.db, 'personne', now)).rejects.toThrow('Aucun compte « personne ».')
    expect(
      await opened.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'compte-desactive'), sql`${auditLog.details}->>'compte' = 'personne'`)),
    ).toEqual([])
  })
})
