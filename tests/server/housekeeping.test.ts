// What the database keeps only for a while: ended sessions a day after they end (each connection
// stays in audit_log), spent sign-in counters, mails sent more than 90 days ago, first sign-in
// links expired more than 90 days ago.
import { and, eq } from 'drizzle-orm'
import { DateTime } from 'luxon'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, liensConnexion, loginAttempts, mailOutbox, sessions } from '../../src/server/db/schema'
import { purgeExpired } from '../../src/server/services/housekeeping'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, send, signIn, TEST_NOW } from './support/app'

describe.each(backends)('housekeeping on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>
  const now = DateTime.fromISO(TEST_NOW, { zone: 'Europe/Paris' })
  const limits = () => ({ idleSeconds: t.config.sessionIdleSeconds, maxAgeSeconds: t.config.sessionMaxAgeSeconds })

  beforeAll(async () => {
    opened = await backend.open()
    t = buildTestApp(opened.db)
  })
  afterAll(async () => opened?.close())

  it('each sign-in is kept in the audit log with its address and browser', async () => {
    await signIn(t.app, '100001')
    const logged = await opened.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.username, '100001'), eq(auditLog.action, 'connexion')))
    expect(logged.length).toBeGreaterThan(0)
    expect(logged[0]!.details).toHaveProperty('userAgent')
  })

  it('a logged-out session goes a day later, a live one stays until it ends', async () => {
    await opened.db.delete(sessions)
    const out = await signIn(t.app, '100001')
    await signIn(t.app, '100002')
    expect((await send(t.app, 'POST', '/security/logout', {}, out)).status).toBe(204)
    expect(await opened.db.$count(sessions)).toBe(2)

    expect((await purgeExpired(opened.db, now.plus({ hours: 1 }), limits())).sessions).toBe(0)
    expect((await purgeExpired(opened.db, now.plus({ days: 2 }), limits())).sessions).toBe(1)
    const [left] = await opened.db.select().from(sessions)
    expect(left!.username).toBe('100002')
    // Idle past the limit, plus the day: gone too.
    const idleDays = t.config.sessionIdleSeconds / 86_400
    expect((await purgeExpired(opened.db, now.plus({ days: idleDays + 2 }), limits())).sessions).toBe(1)
    expect(
      await opened.db.$count(auditLog, and(eq(auditLog.action, 'connexion'), eq(auditLog.username, '100002'))),
    ).toBeGreaterThan(0)
  })

  it('a wrong-password counter goes once its window is over, not before', async () => {
    const res = await send(t.app, 'POST', '/security/login', { username: '100003', password: 'faux' })
    expect(res.status).toBe(401)
    const key = 'user:100003'
    await purgeExpired(opened.db, now.plus({ minutes: 1 }), limits())
    expect(await opened.db.$count(loginAttempts, eq(loginAttempts.key, key))).toBe(1)
    await purgeExpired(opened.db, now.plus({ hours: 1 }), limits())
    expect(await opened.db.$count(loginAttempts, eq(loginAttempts.key, key))).toBe(0)
  })

  it('a mail sent more than 90 days ago goes; an unsent one stays, however old', async () => {
    const old = now.minus({ days: 100 }).toJSDate()
    const [sent] = await opened.db
      .insert(mailOutbox)
      .values({ to: 'a@example.fr', subject: 's', body: 'b', createdAt: old, sentAt: old })
      .returning()
    const [unsent] = await opened.db
      .insert(mailOutbox)
      .values({ to: 'b@example.fr', subject: 's', body: 'b', createdAt: old })
      .returning()
    const purged = await purgeExpired(opened.db, now, limits())
    expect(purged.mails).toBeGreaterThanOrEqual(1)
    expect(await opened.db.$count(mailOutbox, eq(mailOutbox.id, sent!.id))).toBe(0)
    expect(await opened.db.$count(mailOutbox, eq(mailOutbox.id, unsent!.id))).toBe(1)
  })

  it('a first sign-in link expired more than 90 days ago goes; a recent one stays', async () => {
    const link = (empreinte: string, expireA: DateTime) => ({
      empreinte,
      username: '100001',
      envoyePar: 'admin',
      email: 'gaec.troischenes@example.org',
      creeA: expireA.minus({ hours: 48 }).toJSDate(),
      expireA: expireA.toJSDate(),
    })
    await opened.db
      .insert(liensConnexion)
      .values([link('a'.repeat(64), now.minus({ days: 91 })), link('b'.repeat(64), now.minus({ days: 89 }))])
    expect((await purgeExpired(opened.db, now, limits())).links).toBe(1)
    const left = await opened.db.select({ empreinte: liensConnexion.empreinte }).from(liensConnexion)
    expect(left.map((l) => l.empreinte)).toEqual(['b'.repeat(64)])
  })
})
