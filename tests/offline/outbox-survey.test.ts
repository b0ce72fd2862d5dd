// A survey about an order still waiting in the outbox (fake-indexeddb): it goes after its
// order, once, with the order's number when there is one — never before it, never twice.
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { db, type OutboxRow } from '../../src/offline/db'
import { queuedEvaluationId, queueEvaluation } from '../../src/offline/outbox'
import { flushOutbox, type SendResult } from '../../src/offline/outbox-flusher'
import { confirmed, freshOutboxDatabase, later } from './outbox-support'

freshOutboxDatabase()

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
