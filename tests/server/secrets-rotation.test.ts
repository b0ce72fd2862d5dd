// Rotating the server's keys (`npm run secrets -- rotate`, src/server/auth/server-secret.ts): new
// things use the new keys, and what was made with the previous ones keeps working for as long as
// it must — a device's sealed work from yesterday opens with what GET /web/user/me gives today (the
// app's own seal code on fake-indexeddb and Node's Web Crypto), a member-choice proof made before
// holds until it expires (and a previous-key proof no longer than that), a session's owner tag
// stays. A second rotation within 30 days is refused unless forced.
import 'fake-indexeddb/auto'
import { createHmac } from 'node:crypto'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { OWNER_COOKIE } from '../../src/contract/session'
import { addCartLines, readCartLines } from '../../src/offline/cart'
import { db as device, type SealedRow } from '../../src/offline/db'
import { adoptOwner } from '../../src/offline/seal'
import { checkChoiceProof, issueChoiceProof } from '../../src/server/auth/choice-proof'
import { rotateServerSecrets, RotationRefused, serverSecretKeys } from '../../src/server/auth/server-secret'
import type { SessionUser } from '../../src/server/http/env'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, get, TEST_NOW } from './support/app'

interface Me {
  cleScellement: string
  clesScellementPrecedentes: string[]
}

const fromBase64 = (text: string) => Uint8Array.from(Buffer.from(text, 'base64'))

/** Whether this seal key opens the sealed row (as the app would try it). */
async function opens(row: SealedRow, cle: string): Promise<boolean> {
  const key = await crypto.subtle.importKey('raw', Buffer.from(cle, 'base64url'), 'AES-GCM', false, ['decrypt'])
  try {
    await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromBase64(row.iv) }, key, fromBase64(row.data))
    return true
  } catch {
    return false
  }
}

describe.each(backends)('rotating the server’s keys, on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>
  const at = (iso: string) => t.clock.set(iso)
  const now = () => t.clock.now().toJSDate()

  async function login(username: string) {
    const res = await t.app.request('/security/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://localhost', Host: 'localhost' },
      body: JSON.stringify({ username, password: 'demo' }),
    })
    expect(res.status).toBe(200)
    const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!)
    const session = cookies.find((c) => !c.startsWith(`${OWNER_COOKIE}=`))!
    const tag = cookies.find((c) => c.startsWith(`${OWNER_COOKIE}=`))!.slice(OWNER_COOKIE.length + 1)
    return { session, tag }
  }
  const me = async (cookie: string) => (await (await get(t.app, '/web/user/me', cookie)).json()) as Me

  beforeAll(async () => {
    opened = await backend.open()
    t = buildTestApp(opened.db)
  })
  beforeEach(async () => {
    at(TEST_NOW)
    await device.open()
  })
  afterEach(async () => device.delete())
  afterAll(async () => opened?.close())

  it('yesterday’s sealed device work opens after a rotation; what is sealed afterwards uses the new key', async () => {
    // Yesterday: 100001 leaves a cart line and an order on a shared device, then 100002 signs in.
    const yesterday = await me((await login('100001')).session)
    expect(yesterday.clesScellementPrecedentes).toEqual([])
    await adoptOwner('100001', yesterday.cleScellement, yesterday.clesScellementPrecedentes)
    await addCartLines('100001', '100001', [
      { numArticle: '410102', libelleArticle: 'VL Production', quantiteCommande: 12.5 },
    ])
    await device.outbox.add({
      id: 'commande-de-100001',
      owner: '100001',
      numTiers: '100001',
      kind: 'commande',
      status: 'pending',
      createdAt: new Date().toISOString(),
      payload: { numTiers: '100001', commande: { commentaire: '', lignes: [] } },
      attempts: 0,
    })
    await adoptOwner('100002', (await me((await login('100002')).session)).cleScellement)
    expect(await readCartLines('100001', '100001')).toEqual([])
    expect(await device.sealed.count()).toBe(1)

    // Overnight, the server's keys are rotated.
    await rotateServerSecrets(opened.db, now())
    at('2026-11-24T08:30:00')

    // Today: 100001 signs in on that device again.
    const today = await me((await login('100001')).session)
    expect(today.cleScellement).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(today.cleScellement).not.toBe(yesterday.cleScellement)
    expect(today.clesScellementPrecedentes).toEqual([yesterday.cleScellement])
    expect(await adoptOwner('100001', today.cleScellement, today.clesScellementPrecedentes)).toBe(1)
    expect(await readCartLines('100001', '100001')).toMatchObject([{ numArticle: '410102', quantiteCommande: 12.5 }])
    expect(await device.outbox.get('commande-de-100001')).toMatchObject({ status: 'pending' })
    expect(await device.sealed.count()).toBe(0)

    // 100002 comes again: 100001's work is sealed with today's key, which yesterday's does not open.
    await adoptOwner('100002', (await me((await login('100002')).session)).cleScellement)
    const [sealed] = await device.sealed.toArray()
    expect(await opens(sealed!, today.cleScellement)).toBe(true)
    expect(await opens(sealed!, yesterday.cleScellement)).toBe(false)

    // A second rotation within 30 days is refused, and changes nothing.
    const keys = await serverSecretKeys(opened.db, 'scellement-appareil')
    await expect(rotateServerSecrets(opened.db, now())).rejects.toThrow(RotationRefused)
    await expect(rotateServerSecrets(opened.db, now())).rejects.toThrow(
      /moins de 30 jours.*données scellées sur les appareils.*--forcer/,
    )
    expect(await me((await login('100001')).session)).toMatchObject({
      cleScellement: today.cleScellement,
      clesScellementPrecedentes: [yesterday.cleScellement],
    })
    expect((await serverSecretKeys(opened.db, 'scellement-appareil')).current).toEqual(keys.current)
  })

  it('a member-choice proof made before a rotation holds until it expires; new proofs use the new key', async () => {
    const user: SessionUser = {
      username: 'conseiller',
      displayName: 'Conseiller',
      roles: [],
      email: null,
      actingFor: '100001',
      loginAt: now(),
      sessionId: 'session-de-test',
    }
    const before = await issueChoiceProof(opened.db, user, '100001', t.clock.now())
    const previousKey = (await serverSecretKeys(opened.db, 'preuve-choix-adherent')).current
    await rotateServerSecrets(opened.db, now(), { force: true })
    const currentKey = (await serverSecretKeys(opened.db, 'preuve-choix-adherent')).current
    expect(currentKey).not.toEqual(previousKey)

    at('2026-11-23T20:00:00') // the evening: the morning's proof, signed with the previous key, holds
    expect(await checkChoiceProof(opened.db, user, '100001', before.jeton, t.clock.now())).toBe(true)
    const after = await issueChoiceProof(opened.db, user, '100001', t.clock.now())
    const [body, signature] = after.jeton.split('.')
    const sign = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('base64url')
    expect(signature).toBe(sign(currentKey, body!))
    expect(signature).not.toBe(sign(previousKey, body!))

    // Someone holding the previous key (the reason for rotating) makes a proof lasting three days:
    // refused once no genuine proof of that key can still be valid (24 h after the rotation).
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString()) as { e: number }
    const longBody = Buffer.from(JSON.stringify({ ...claims, e: claims.e + 3 * 86_400 })).toString('base64url')
    at('2026-11-24T09:00:00')
    expect(
      await checkChoiceProof(opened.db, user, '100001', `${longBody}.${sign(previousKey, longBody)}`, t.clock.now()),
    ).toBe(false)
    expect(
      await checkChoiceProof(opened.db, user, '100001', `${longBody}.${sign(currentKey, longBody)}`, t.clock.now()),
    ).toBe(true)
    expect(await checkChoiceProof(opened.db, user, '100001', before.jeton, t.clock.now())).toBe(false) // expired anyway
  })

  it('a session opened before a rotation keeps its owner tag; a new sign-in gets the new one', async () => {
    const { session, tag } = await login('100001')
    await rotateServerSecrets(opened.db, now(), { force: true })
    at('2026-11-23T08:40:00') // within the 15 minutes before a session must be refreshed
    const kept = await get(t.app, '/web/user/me', `${session}; ${OWNER_COOKIE}=${tag}`)
    expect(kept.status).toBe(200)
    expect(kept.headers.getSetCookie().some((c) => c.startsWith(`${OWNER_COOKIE}=`))).toBe(false)
    const again = await login('100001')
    expect(again.tag).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(again.tag).not.toBe(tag)
    // A tag that is neither (lost, or made up) is written again, with the current one.
    const lost = await get(t.app, '/web/user/me', `${session}; ${OWNER_COOKIE}=autre`)
    expect(lost.headers.getSetCookie().find((c) => c.startsWith(`${OWNER_COOKIE}=`))).toMatch(
      new RegExp(`^${OWNER_COOKIE}=${again.tag};`),
    )
  })
})
