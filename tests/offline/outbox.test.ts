// The outbox on fake-indexeddb (ARCHITECTURE "The offline design"): confirming empties the cart
// in the same transaction; the flusher sends each item with its key until the server answers,
// never twice at once, never drops one; a refused order's lines go back to the cart.
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addCartLines, readCartLines } from '../../src/offline/cart'
import { db, type OutboxRow } from '../../src/offline/db'
import { acknowledgeRejected, confirmOrder, queueEvaluation } from '../../src/offline/outbox'
import { flushOutbox, type SendResult } from '../../src/offline/outbox-flusher'
import type { OrderPayload } from '../../src/domain/submission'

const payload: OrderPayload = { numTiers: '100001', commande: { commentaire: '', lignes: [] } }
const later = (minutes: number) => () => new Date(Date.now() + minutes * 60_000)

async function confirmed(owner = '100001') {
  await addCartLines(owner, '100001', [{ numArticle: '410102', libelleArticle: 'VL Production 22 % vrac', quantiteCommande: 12.5 }])
  const id = await confirmOrder(owner, '100001', payload)
  // confirmOrder starts a send at once; with no server here it fails and backs off: let it end.
  await flushOutbox(owner)
  return id
}

beforeEach(async () => {
  await db.open()
})
afterEach(async () => {
  await db.delete()
})

describe('outbox', () => {
  it('confirming writes the order with its key and empties the cart in one go', async () => {
    const id = await confirmed()
    expect(await readCartLines('100001', '100001')).toEqual([])
    const row = (await db.outbox.get(id))!
    expect(row).toMatchObject({ owner: '100001', numTiers: '100001', kind: 'commande', payload })
    expect(['pending', 'sending']).toContain(row.status)
    expect(row.cartLines).toHaveLength(1)
    expect(id).toMatch(/^[A-Za-z0-9_-]{8,100}$/)
  })

  it('a 2xx marks it accepted with the number; it is never sent again', async () => {
    const id = await confirmed()
    const sent: string[] = []
    const ok = async (row: OutboxRow): Promise<SendResult> => {
      sent.push(row.id)
      return { ok: true, numeroCommande: '700099', mail: 'a@b.fr' }
    }
    await flushOutbox('100001', ok, later(10))
    await flushOutbox('100001', ok, later(20))
    expect(sent).toEqual([id])
    expect(await db.outbox.get(id)).toMatchObject({ status: 'accepted', numeroCommande: '700099', mail: 'a@b.fr' })
  })

  it('no answer keeps it, with backoff; it goes once the delay is over', async () => {
    const id = await confirmed()
    let calls = 0
    const down = async (): Promise<SendResult> => {
      calls++
      return { ok: false, retry: true, error: 'Réseau indisponible' }
    }
    await flushOutbox('100001', down, later(10))
    const row = (await db.outbox.get(id))!
    expect(row.status).toBe('pending')
    expect(Date.parse(row.nextAttemptAt!)).toBeGreaterThan(Date.now() + 10 * 60_000)
    await flushOutbox('100001', down, later(10))
    expect(calls).toBe(1)
    await flushOutbox('100001', async () => ({ ok: true, numeroCommande: '700100' }), later(30))
    expect((await db.outbox.get(id))!.status).toBe('accepted')
  })

  it('a refusal marks it rejected and puts its lines back after those added meanwhile', async () => {
    const id = await confirmed()
    await addCartLines('100001', '100001', [{ numArticle: '420105', libelleArticle: 'Porc finition vrac' }])
    await flushOutbox('100001', async () => ({ ok: false, retry: false, error: 'numArticle:[A,410102,VL Production 22 % vrac]:Article non commandable' }), later(10))
    expect(await db.outbox.get(id)).toMatchObject({ status: 'rejected', error: expect.stringContaining('Article non commandable') })
    const cart = await readCartLines('100001', '100001')
    expect(cart.map((l) => [l.idLigne, l.numArticle])).toEqual([['001', '420105'], ['002', '410102']])
    await acknowledgeRejected(id)
    expect(await db.outbox.get(id)).toBeUndefined()
  })

  it('sends only the signed-in user’s items, one sender at a time, a cut-off try again', async () => {
    const mine = await confirmed('100001')
    const theirs = await confirmed('conseiller')
    const sent: string[] = []
    const slow = async (row: OutboxRow): Promise<SendResult> => {
      sent.push(row.id)
      await new Promise((r) => setTimeout(r, 20))
      return { ok: true, numeroCommande: '1' }
    }
    await Promise.all([flushOutbox('100001', slow, later(10)), flushOutbox('100001', slow, later(10))])
    expect(sent).toEqual([mine])
    expect((await db.outbox.get(theirs))!.status).not.toBe('accepted')

    // A try cut off (the tab closed while 'sending') is sent again after a while, not before.
    await db.outbox.update(theirs, { status: 'sending', sendingSince: new Date().toISOString() })
    await flushOutbox('conseiller', slow, later(1))
    expect(sent).toEqual([mine])
    await flushOutbox('conseiller', slow, later(10))
    expect(sent).toEqual([mine, theirs])
  })

  it('the survey goes through the outbox too', async () => {
    const id = await queueEvaluation('100001', '100001', { numTiers: '100001', numeroCommande: '700001', questionnaire: { notes: { globale: 4 } } })
    await flushOutbox('100001')
    const kinds: string[] = []
    await flushOutbox('100001', async (row) => (kinds.push(row.kind ?? ''), { ok: true }), later(10))
    expect(kinds).toEqual(['evaluation'])
    expect((await db.outbox.get(id))!.status).toBe('accepted')
  })
})
