// Inviting every account at once (issue 48): each sign-in account is counted in exactly one state;
// « send to all » queues one link per account not invited or whose link expired, never to a
// disabled account, one without address, with a password or signing in through OpenID Connect;
// sending again sends nothing twice while a link is good; two sends at once (two pools, as two
// instances) invite each account once; the per-account limits hold; the screen's routes are for
// COM_ALI_ADMIN_METIER only and a refused request writes nothing.
import { sql } from 'drizzle-orm'
import { DateTime } from 'luxon'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Compteurs } from '../../src/contract/invitations'
import { openDatabase, type OpenedDatabase } from '../../src/server/db/client'
import { users } from '../../src/server/db/schema'
import { DEMO } from '../../src/server/seed/demo'
import { countInvitations, listInvitations } from '../../src/server/services/invitations'
import { sendInvitations, type InvitationRequest } from '../../src/server/services/invitations-send'
import { sendSignInLink } from '../../src/server/services/sign-in-links'
import { identifiersOf } from '../../src/server/cli/identifiers-file'
import { backends, databaseUrl, embeddedUrl, type Backend, type OpenedTestDb } from './support/databases'
import { buildTestApp, get, send, signIn, TEST_NOW } from './support/app'

const FARMER_ROLES = ['COM_ALI_LECTURE_PERSONNELLE', 'COM_ALI_ECRITURE_PERSONNELLE']
const ORIGIN = 'https://silo.cooperative.example'
const NOW = DateTime.fromISO(TEST_NOW, { zone: 'Europe/Paris' })

async function secondInstance(backend: Backend, opened: OpenedTestDb): Promise<OpenedDatabase> {
  const { rows } = await opened.db.execute<{ name: string }>(sql`select current_database() as name`)
  const url = new URL(backend.name === 'embedded' ? embeddedUrl : databaseUrl!)
  url.pathname = `/${rows[0]!.name}`
  return openDatabase({ databaseUrl: url.toString() })
}

describe.each(backends)('invitations on $name', (backend) => {
  let opened: OpenedTestDb
  let demoCounts: Compteurs

  /** An imported account: no password; its address on the account, on the member, or none. */
  async function account(username: string, opts: { email?: string | null; tiersEmail?: string | null } = {}) {
    await opened.db.execute(
      sql`insert into tiers (num_tiers, raison_sociale, type_tiers, num_entite, email)
          values (${username}, ${`EARL INVITEE ${username}`}, 'ADH', 'AGR', ${opts.tiersEmail ?? null})`,
    )
    await opened.db
      .insert(users)
      .values({ username, displayName: `EARL Invitée ${username}`, roles: FARMER_ROLES, email: opts.email ?? null })
  }
  const request = (over: Partial<InvitationRequest> = {}): InvitationRequest => ({
    cible: { tous: true },
    by: 'operateur',
    demandeur: { par: 'operateur' },
    now: NOW,
    origin: ORIGIN,
    ...over,
  })
  const count = async (query: ReturnType<typeof sql>) =>
    Number(((await opened.db.execute(query)) as { rows: { n: number }[] }).rows[0]!.n)
  const linksOf = (username: string) =>
    count(sql`select count(*)::int as n from liens_connexion where username = ${username}`)
  const mailsTo = (address: string) => count(sql`select count(*)::int as n from mail_outbox where "to" = ${address}`)

  beforeAll(async () => {
    opened = await backend.open()
    demoCounts = await countInvitations(opened.db, NOW)
  })
  afterAll(async () => {
    await opened?.close()
  })
  beforeEach(async () => {
    await opened.db.execute(sql`delete from liens_connexion`)
    await opened.db.execute(sql`delete from mail_outbox`)
    await opened.db.execute(sql`delete from audit_log where num_tiers like '2000%'`)
    await opened.db.execute(sql`delete from users where username like '2000%'`)
    await opened.db.execute(sql`delete from tiers where num_tiers like '2000%'`)
  })

  it('counts every account in exactly one state, from one query the list shares', async () => {
    // The demo's accounts all have a password.
    expect(demoCounts['mot-de-passe']).toBeGreaterThan(0)
    expect(demoCounts['non-invite']).toBe(0)
    await account('200001', { email: 'a@example.org' })
    await account('200002', { tiersEmail: 'b@example.org' })
    await account('200003')
    await account('200004', { email: 'd@example.org' })
    await opened.db.execute(sql`update users set desactive_a = now() where username = '200004'`)
    await account('200005', { email: 'e@example.org' })
    await opened.db.execute(sql`update users set connexion_oidc_a = now() where username = '200005'`)
    await account('200006', { email: 'f@example.org' })
    await account('200007', { email: 'g@example.org' })
    await sendSignInLink(opened.db, {
      numTiers: '200006',
      by: 'admin',
      demandeur: { par: 'personnel', nom: 'Admin' },
      now: NOW,
      origin: ORIGIN,
    })
    // 200007's link was sent three days ago: expired.
    await sendSignInLink(opened.db, {
      numTiers: '200007',
      by: 'admin',
      demandeur: { par: 'personnel', nom: 'Admin' },
      now: NOW.minus({ days: 3 }),
      origin: ORIGIN,
    })
    const counts = await countInvitations(opened.db, NOW)
    expect(counts).toEqual({
      ...demoCounts,
      'non-invite': 2,
      'sans-adresse': demoCounts['sans-adresse'] + 1,
      desactive: demoCounts.desactive + 1,
      oidc: demoCounts.oidc + 1,
      'lien-en-attente': 1,
      'lien-expire': 1,
    })
    const list = await listInvitations(opened.db, NOW, { etat: 'non-invite' })
    expect(list.total).toBe(2)
    expect(list.comptes.map((c) => [c.username, c.email])).toEqual([
      ['200001', 'a@example.org'],
      ['200002', 'b@example.org'],
    ])
    const found = await listInvitations(opened.db, NOW, { recherche: 'invitée 200007' })
    expect(found.comptes).toMatchObject([{ username: '200007', etat: 'lien-expire' }])
    expect((await listInvitations(opened.db, NOW, { recherche: '20000' })).total).toBe(7)
  })

  it('sends to all not invited or expired, once: again sends nothing while a link is good', async () => {
    await account('200001', { email: 'a@example.org' })
    await account('200002', { tiersEmail: 'b@example.org' })
    await account('200003')
    await account('200004', { email: 'd@example.org' })
    await opened.db.execute(sql`update users set desactive_a = now() where username = '200004'`)
    await account('200007', { email: 'g@example.org' })
    await sendSignInLink(opened.db, {
      numTiers: '200007',
      by: 'admin',
      demandeur: { par: 'personnel', nom: 'Admin' },
      now: NOW.minus({ days: 3 }),
      origin: ORIGIN,
    })
    const first = await sendInvitations(opened.db, request({ lot: 2 }))
    expect(first.envoyes).toBe(3)
    expect(first.ignores).toMatchObject({ 'sans-adresse': demoCounts['sans-adresse'] + 1, desactive: 1 })
    expect(first.ignores['mot-de-passe']).toBe(demoCounts['mot-de-passe'])
    expect(await mailsTo('a@example.org')).toBe(1)
    expect(await mailsTo('b@example.org')).toBe(1)
    expect(await mailsTo('d@example.org')).toBe(0)
    expect(await linksOf('200003')).toBe(0)
    expect(await linksOf('200004')).toBe(0)
    // The expired link is replaced by the new one.
    expect(
      await count(sql`select count(*)::int as n from liens_connexion where username = '200007' and remplace_a is null`),
    ).toBe(1)
    const mail = (
      (await opened.db.execute(sql`select body, secret, priorite from mail_outbox where "to" = 'a@example.org'`)) as {
        rows: { body: string; secret: string; priorite: number }[]
      }
    ).rows[0]!
    expect(mail.priorite).toBe(1)
    expect(mail.body).toContain('Bonjour EARL Invitée 200001,')
    expect(mail.body).toContain('Votre identifiant : 200001')
    expect(mail.body).toContain('l’équipe informatique de votre coopérative')
    expect(mail.body).not.toContain('jeton=')
    expect(mail.secret).toBeTruthy()
    const audit = await count(
      sql`select count(*)::int as n from audit_log where username = 'operateur' and action = 'lien-connexion' and num_tiers like '2000%'`,
    )
    expect(audit).toBe(3)

    const again = await sendInvitations(opened.db, request())
    expect(again.envoyes).toBe(0)
    expect(await mailsTo('a@example.org')).toBe(1)
    const named = await sendInvitations(
      opened.db,
      request({ cible: { identifiants: ['200001', '200003', '200004', '999999x', DEMO.eleveur] } }),
    )
    expect(named).toEqual({
      envoyes: 0,
      ignores: {
        inconnu: 1,
        desactive: 1,
        'mot-de-passe': 1,
        oidc: 0,
        'sans-adresse': 1,
        'lien-en-attente': 1,
        limite: 0,
      },
    })
    const counts = await countInvitations(opened.db, NOW)
    expect(counts['lien-en-attente']).toBe(3)
    expect(counts['non-invite']).toBe(0)
  })

  it('invites each account once when two sends run at once on two instances', async () => {
    for (let i = 0; i < 60; i++) await account(`2000${String(i).padStart(2, '0')}`, { email: `m${i}@example.org` })
    const two = await secondInstance(backend, opened)
    try {
      const results = await Promise.all([
        sendInvitations(opened.db, request({ lot: 7 })),
        sendInvitations(two.db, request({ lot: 11, by: 'admin' })),
        sendInvitations(two.db, request({ cible: { identifiants: ['200010', '200011', '200012'] } })),
      ])
      expect(results.reduce((sum, r) => sum + r.envoyes, 0)).toBe(60)
      expect(await count(sql`select count(*)::int as n from liens_connexion where username like '2000%'`)).toBe(60)
      expect(await count(sql`select count(distinct "to")::int as n from mail_outbox`)).toBe(60)
      expect(await count(sql`select count(*)::int as n from mail_outbox`)).toBe(60)
    } finally {
      await two.close()
    }
  })

  it('holds the limits: 3 links an hour, 5 in 24 h, whoever asked', async () => {
    await account('200001', { email: 'a@example.org' })
    await account('200002', { email: 'b@example.org' })
    // Three links to 200001 in the last hour (staff): two expired, the last used (no password chosen).
    for (const minutes of [50, 40]) {
      await sendSignInLink(opened.db, {
        numTiers: '200001',
        by: 'admin',
        demandeur: { par: 'personnel', nom: 'Admin' },
        now: NOW.minus({ minutes }),
        origin: ORIGIN,
      })
    }
    await opened.db.execute(
      sql`update liens_connexion set expire_a = ${NOW.minus({ minutes: 1 }).toISO()}::timestamptz`,
    )
    await sendSignInLink(opened.db, {
      numTiers: '200001',
      by: 'admin',
      demandeur: { par: 'personnel', nom: 'Admin' },
      now: NOW.minus({ minutes: 30 }),
      origin: ORIGIN,
    })
    await opened.db.execute(
      sql`update liens_connexion set utilise_a = now() where username = '200001' and remplace_a is null`,
    )
    // Five to 200002 in 24 h, none in the last hour.
    for (const hours of [20, 16, 12, 8, 4]) {
      await sendSignInLink(opened.db, {
        numTiers: '200002',
        by: 'admin',
        demandeur: { par: 'personnel', nom: 'Admin' },
        now: NOW.minus({ hours }),
        origin: ORIGIN,
      })
    }
    await opened.db.execute(
      sql`update liens_connexion set expire_a = ${NOW.minus({ minutes: 1 }).toISO()}::timestamptz where username = '200002'`,
    )
    const sent = await sendInvitations(opened.db, request())
    expect(sent.envoyes).toBe(0)
    expect(sent.ignores.limite).toBe(2)
    expect(await linksOf('200001')).toBe(3)
    expect(await linksOf('200002')).toBe(5)
    // An hour later 200001 may have one more; 200002 still not (5 in 24 h).
    const later = await sendInvitations(opened.db, request({ now: NOW.plus({ minutes: 61 }) }))
    expect(later.envoyes).toBe(1)
    expect(await linksOf('200001')).toBe(4)
  })

  it('refuses without PUBLIC_URL (links disabled), writing nothing', async () => {
    await account('200001', { email: 'a@example.org' })
    await expect(sendInvitations(opened.db, request({ origin: null }))).rejects.toMatchObject({
      status: 409,
      code: 'LIENS_DESACTIVES',
    })
    expect(await linksOf('200001')).toBe(0)
  })

  it('reads a file of identifiers: one a line or a first column, header and Excel ; tolerated', () => {
    expect(identifiersOf('\uFEFFidentifiant;nom\r\n100001;EARL A\r\n"100002";"EARL B"\r\n\r\n')).toEqual([
      '100001',
      '100002',
    ])
    expect(identifiersOf('100001\n100002\n')).toEqual(['100001', '100002'])
    expect(identifiersOf('num_tiers,nom\n100003,X')).toEqual(['100003'])
  })

  describe('the screen’s routes', () => {
    let t: ReturnType<typeof buildTestApp>
    let admin: string

    beforeAll(async () => {
      t = buildTestApp(opened.db, { PUBLIC_URL: ORIGIN })
      admin = await signIn(t.app, DEMO.admin)
    })

    it('are for COM_ALI_ADMIN_METIER: others get 403 and nothing is sent', async () => {
      await account('200001', { email: 'a@example.org' })
      const conseiller = await signIn(t.app, DEMO.conseiller)
      const farmer = await signIn(t.app, DEMO.eleveur)
      for (const cookie of [conseiller, farmer]) {
        expect((await get(t.app, '/web/v1/invitations', cookie)).status).toBe(403)
        const res = await send(t.app, 'POST', '/web/v1/invitations/envoi', { tous: true }, cookie)
        expect(res.status).toBe(403)
        expect((await res.json()).message).toMatch(/rôle/)
      }
      expect((await get(t.app, '/web/v1/invitations')).status).toBe(401)
      expect(await linksOf('200001')).toBe(0)
    })

    it('list and count; a bad query or body answers 400 in French and writes nothing', async () => {
      await account('200001', { email: 'a@example.org' })
      const res = await get(t.app, '/web/v1/invitations?etat=non-invite&page=1', admin)
      expect(res.status).toBe(200)
      const body = await res.json()
      expect(body.compteurs['non-invite']).toBe(1)
      expect(body.comptes).toMatchObject([{ username: '200001', etat: 'non-invite', dernierEnvoi: null }])
      for (const query of ['etat=invente', 'page=0', 'page=abc'])
        expect((await get(t.app, `/web/v1/invitations?${query}`, admin)).status).toBe(400)
      for (const bad of [
        {},
        { tous: false },
        { identifiants: [] },
        { identifiants: Array.from({ length: 1001 }, (_, i) => String(300000 + i)) },
        { tous: true, identifiants: ['200001'] },
        { identifiants: [42] },
      ]) {
        const refused = await send(t.app, 'POST', '/web/v1/invitations/envoi', bad, admin)
        expect(refused.status).toBe(400)
        expect((await refused.json()).message).toMatch(/[éè]|Corps|compte/)
      }
      expect((await send(t.app, 'POST', '/web/v1/invitations/envoi', '{"tous":', admin)).status).toBe(400)
      expect(await linksOf('200001')).toBe(0)
    })

    it('send: to a selection, then to all; the audit names the staff member', async () => {
      await account('200001', { email: 'a@example.org' })
      await account('200002', { email: 'b@example.org' })
      const one = await send(t.app, 'POST', '/web/v1/invitations/envoi', { identifiants: ['200001'] }, admin)
      expect(one.status).toBe(200)
      expect((await one.json()).envoyes).toBe(1)
      const all = await send(t.app, 'POST', '/web/v1/invitations/envoi', { tous: true }, admin)
      expect((await all.json()).envoyes).toBe(1)
      const again = await send(t.app, 'POST', '/web/v1/invitations/envoi', { tous: true }, admin)
      expect((await again.json()).envoyes).toBe(0)
      expect(
        await count(
          sql`select count(*)::int as n from audit_log where username = ${DEMO.admin} and num_tiers in ('200001', '200002')`,
        ),
      ).toBe(2)
      const mail = (
        (await opened.db.execute(sql`select body from mail_outbox where "to" = 'b@example.org'`)) as {
          rows: { body: string }[]
        }
      ).rows[0]!
      expect(mail.body).toMatch(/Ce lien a été demandé par : .+\./)
    })

    it('are described in the OpenAPI document', async () => {
      const doc = await (await get(t.app, '/api/openapi.json')).json()
      expect(doc.paths['/web/v1/invitations'].get.responses).toHaveProperty('403')
      expect(doc.paths['/web/v1/invitations/envoi'].post.responses).toHaveProperty('409')
    })

    it('answers 409 without PUBLIC_URL on a Silo reachable from other machines, writing nothing', async () => {
      await account('200001', { email: 'a@example.org' })
      const open = buildTestApp(opened.db, { HOST: '0.0.0.0' })
      const cookie = await signIn(open.app, DEMO.admin)
      const res = await send(open.app, 'POST', '/web/v1/invitations/envoi', { tous: true }, cookie)
      expect(res.status).toBe(409)
      expect(await res.json()).toMatchObject({ code: 'LIENS_DESACTIVES', message: expect.stringMatching(/PUBLIC_URL/) })
      expect(await linksOf('200001')).toBe(0)
    })
  })
})
