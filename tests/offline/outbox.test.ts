// The outbox on fake-indexeddb (ARCHITECTURE "The offline design"): confirming empties the cart
// in the same transaction; the flusher sends each item with its key until the server answers,
// never twice at once, never drops one; a refused order's lines go back to the cart.
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addCartLines, readCartLines } from '../../src/offline/cart'
import { db, type OutboxRow } from '../../src/offline/db'
import { acknowledgeRejected, confirmOrder, queuedEvaluationId, queueEvaluation } from '../../src/offline/outbox'
import { flushOutbox, flushOutboxNow, type SendResult } from '../../src/offline/outbox-flusher'
import type { CommandeEnvoyee } from '../../src/contract/commandes'

const payload: CommandeEnvoyee = { numTiers: '100001', commande: { commentaire: '', lignes: [] } }
const later = (minutes: number) => () => new Date(Date.now() + minutes * 60_000)

async function confirmed(owner = '100001') {
  await addCartLines(owner, '100001', [
    { numArticle: '410102', libelleArticle: 'VL Production 22 % vrac', quantiteCommande: 12.5 },
  ])
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

  it('the network back (or a retry asked for) sends at once, whatever the backoff', async () => {
    const id = await confirmed()
    const down = async (): Promise<SendResult> => ({ ok: false, retry: true, error: 'Réseau indisponible' })
    await flushOutbox('100001', down, later(1))
    let calls = 0
    const up = async (): Promise<SendResult> => (calls++, { ok: true, numeroCommande: '700101' })
    await flushOutbox('100001', up, later(1))
    expect(calls).toBe(0)
    await flushOutboxNow('100001', up, later(1))
    expect(calls).toBe(1)
    expect((await db.outbox.get(id))!).toMatchObject({ status: 'accepted', numeroCommande: '700101' })
  })

  it('a retry asked for while an automatic pass is under way is not swallowed by it', async () => {
    const id = await confirmed()
    const down = async (): Promise<SendResult> => ({ ok: false, retry: true, error: 'Réseau indisponible' })
    await flushOutbox('100001', down, later(1))
    // An automatic pass (a timer, the page shown again) finds nothing due, but is still running
    // when the farmer taps "Réessayer l'envoi": the tap's pass must still send.
    let calls = 0
    const up = async (): Promise<SendResult> => (calls++, { ok: true, numeroCommande: '700102' })
    const automatic = flushOutbox('100001', up, later(1))
    await flushOutboxNow('100001', up, later(1))
    await automatic
    expect(calls).toBe(1)
    expect((await db.outbox.get(id))!).toMatchObject({ status: 'accepted', numeroCommande: '700102' })
  })

  it('a refusal marks it rejected and puts its lines back after those added meanwhile', async () => {
    const id = await confirmed()
    await addCartLines('100001', '100001', [{ numArticle: '420105', libelleArticle: 'Porc finition vrac' }])
    await flushOutbox(
      '100001',
      async () => ({
        ok: false,
        retry: false,
        error: 'numArticle:[A,410102,VL Production 22 % vrac]:Article non commandable',
      }),
      later(10),
    )
    expect(await db.outbox.get(id)).toMatchObject({
      status: 'rejected',
      error: expect.stringContaining('Article non commandable'),
    })
    const cart = await readCartLines('100001', '100001')
    expect(cart.map((l) => [l.idLigne, l.numArticle])).toEqual([
      ['001', '420105'],
      ['002', '410102'],
    ])
    await acknowledgeRejected(id)
    expect(await db.outbox.get(id)).toBeUndefined()
  })

  it('a refusal keeps its HTTP status: a 409 is shown as Commande invalide, any other by the global handler', async () => {
    const id = await confirmed()
    await flushOutbox(
      '100001',
      async () => ({ ok: false, retry: false, error: 'Vous n’avez pas le droit de commander.', status: 403 }),
      later(10),
    )
    expect(await db.outbox.get(id)).toMatchObject({ status: 'rejected', errorStatus: 403 })
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
    const id = await queueEvaluation('100001', '100001', {
      numTiers: '100001',
      numeroCommande: '700001',
      questionnaire: { notes: { globale: 4 } },
    })
    await flushOutbox('100001')
    const kinds: string[] = []
    await flushOutbox('100001', async (row) => (kinds.push(row.kind ?? ''), { ok: true }), later(10))
    expect(kinds).toEqual(['evaluation'])
    expect((await db.outbox.get(id))!.status).toBe('accepted')
  })

  describe('a survey about an order still waiting in the outbox', () => {
    const body = (numeroCommande: string | null = null) => ({
      numTiers: '100001',
      numeroCommande,
      questionnaire: { notes: { globale: 3.5, design: 4 }, commentaire: 'Très pratique' },
    })
    const numberOf = (row: OutboxRow) => (row.payload as { numeroCommande: string | null }).numeroCommande
    const recorder = (answer: (row: OutboxRow) => SendResult) => {
      const sent: [string, string | null][] = []
      const send = async (row: OutboxRow): Promise<SendResult> => {
        sent.push([row.kind!, row.kind === 'evaluation' ? numberOf(row) : row.id])
        await new Promise((r) => setTimeout(r, 10))
        return answer(row)
      }
      return { sent, send }
    }
    const accepting = (row: OutboxRow): SendResult =>
      row.kind === 'commande' ? { ok: true, numeroCommande: '700123', mail: null } : { ok: true }

    it('waits for the order even when due first, then goes once with its number', async () => {
      const order = await confirmed()
      const survey = await queueEvaluation('100001', '100001', body(), { commandeOutboxId: order })
      await flushOutbox('100001') // queueing started a send: let it end
      // The order backs off longer than the survey: the survey is due first and still waits.
      await db.outbox.update(order, { nextAttemptAt: later(60)().toISOString() })
      const down = recorder(() => ({ ok: false, retry: true, error: 'Réseau indisponible' }))
      await flushOutbox('100001', down.send, later(10))
      expect(down.sent).toEqual([])
      expect(await db.outbox.get(survey)).toMatchObject({ status: 'pending', attempts: 0, payload: body(null) })

      const up = recorder(accepting)
      await flushOutbox('100001', up.send, later(90))
      await flushOutbox('100001', up.send, later(120))
      expect(up.sent).toEqual([
        ['commande', order],
        ['evaluation', '700123'],
      ])
      expect(await db.outbox.get(survey)).toMatchObject({ status: 'accepted', attempts: 1, payload: body('700123') })
    })

    it('is sent exactly once when two flushes run at once', async () => {
      const order = await confirmed()
      await queueEvaluation('100001', '100001', body(), { commandeOutboxId: order })
      await flushOutbox('100001')
      const up = recorder(accepting)
      await Promise.all([
        flushOutbox('100001', up.send, later(10)),
        flushOutbox('100001', up.send, later(10)),
        flushOutbox('100001', up.send, later(10)),
      ])
      await Promise.all([flushOutbox('100001', up.send, later(20)), flushOutbox('100001', up.send, later(20))])
      expect(up.sent).toEqual([
        ['commande', order],
        ['evaluation', '700123'],
      ])
    })

    it('a survey tried with a number keeps it on every retry (same key, same body)', async () => {
      const order = await confirmed()
      const survey = await queueEvaluation('100001', '100001', body(), { commandeOutboxId: order })
      await flushOutbox('100001')
      const flaky = recorder((row) =>
        row.kind === 'commande' ? accepting(row) : { ok: false, retry: true, error: 'Réseau indisponible' },
      )
      await flushOutbox('100001', flaky.send, later(10))
      // The accepted order is erased (logout on a shared device): the survey still has the number.
      await db.outbox.delete(order)
      const up = recorder(accepting)
      await flushOutbox('100001', up.send, later(30))
      expect(flaky.sent).toEqual([
        ['commande', order],
        ['evaluation', '700123'],
      ])
      expect(up.sent).toEqual([['evaluation', '700123']])
      expect(await db.outbox.get(survey)).toMatchObject({ status: 'accepted', attempts: 2 })
    })

    it('gets the number when the order is accepted, even if it is not tried in that run', async () => {
      const order = await confirmed()
      const survey = await queueEvaluation('100001', '100001', body(), { commandeOutboxId: order })
      await flushOutbox('100001')
      await db.outbox.update(survey, { nextAttemptAt: later(60)().toISOString() })
      const up = recorder(accepting)
      await flushOutbox('100001', up.send, later(10))
      expect(up.sent).toEqual([['commande', order]])
      expect(numberOf((await db.outbox.get(survey))!)).toBe('700123')
      await db.outbox.delete(order)
      await flushOutbox('100001', up.send, later(90))
      expect(up.sent).toEqual([
        ['commande', order],
        ['evaluation', '700123'],
      ])
    })

    it('queued after its order was accepted (the screen opened offline), it goes with the number', async () => {
      const order = await confirmed()
      const up = recorder(accepting)
      await flushOutbox('100001', up.send, later(10))
      await queueEvaluation('100001', '100001', body(), { commandeOutboxId: order })
      await flushOutbox('100001') // queueing started a send (no server here): let it end
      await flushOutbox('100001', up.send, later(20))
      expect(up.sent).toEqual([
        ['commande', order],
        ['evaluation', '700123'],
      ])
    })

    it('after a refused order (or one gone) it is still sent, without a number', async () => {
      const order = await confirmed()
      const survey = await queueEvaluation('100001', '100001', body(), { commandeOutboxId: order })
      await flushOutbox('100001')
      const refusing = recorder((row) =>
        row.kind === 'commande'
          ? { ok: false, retry: false, error: 'QTE:[M,678,Minéral]:Quantité: trop grande' }
          : { ok: true },
      )
      await flushOutbox('100001', refusing.send, later(10))
      expect(refusing.sent).toEqual([
        ['commande', order],
        ['evaluation', null],
      ])
      expect(await db.outbox.get(survey)).toMatchObject({ status: 'accepted', payload: body(null) })
    })

    it('one survey per order: queueing it again (page hide, then unmount) adds nothing', async () => {
      const order = await confirmed()
      const [a, b] = await Promise.all([
        queueEvaluation('100001', '100001', body(), { commandeOutboxId: order }),
        queueEvaluation('100001', '100001', body(), { commandeOutboxId: order }),
      ])
      const c = await queueEvaluation('100001', '100001', body('700123'), { commandeOutboxId: order })
      expect(new Set([a, b, c]).size).toBe(1)
      expect(await queuedEvaluationId('100001', { commandeOutboxId: order })).toBe(a)
      expect(await queuedEvaluationId('100001', { commandeOutboxId: 'autre' })).toBeNull()
      const byNumber = await queueEvaluation('100001', '100001', body('700555'))
      expect(await queueEvaluation('100001', '100001', body('700555'))).toBe(byNumber)
      expect(await queuedEvaluationId('100001', { numeroCommande: '700555' })).toBe(byNumber)
      expect(await db.outbox.filter((r) => r.kind === 'evaluation').count()).toBe(2)
    })
  })
})
