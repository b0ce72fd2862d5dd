// The outbox on fake-indexeddb (ARCHITECTURE "The offline design"): confirming empties the cart
// in the same transaction; the flusher sends each item with its key until the server answers,
// never twice at once, never drops one; a refused order's lines go back to the cart. The surveys
// that wait for their order: outbox-survey.test.ts.
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { addCartLines, readCartLines } from '../../src/offline/cart'
import { db, type OutboxRow } from '../../src/offline/db'
import { acknowledgeRejected, queueEvaluation } from '../../src/offline/outbox'
import { flushOutbox, flushOutboxNow, waitingItem, type SendResult } from '../../src/offline/outbox-flusher'
import { SERVER_TROUBLE_AFTER, serverTroubleText } from '../../src/domain/server-trouble'
import { confirmed, freshOutboxDatabase, later, payload } from './outbox-support'

freshOutboxDatabase()
afterEach(() => {
  vi.unstubAllGlobals()
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

  it('a retry asked for while an automatic pass is ending is not swallowed by it', async () => {
    const id = await confirmed()
    const down = async (): Promise<SendResult> => ({ ok: false, retry: true, error: 'Réseau indisponible' })
    await flushOutbox('100001', down, later(1))
    // Web Locks as in a page, the lock's release held: an automatic pass (a timer, the page shown
    // again) has looked, found nothing due (the backoff), and is not over yet when the farmer taps
    // "Réessayer l'envoi".
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let looked!: () => void
    const hasLooked = new Promise<void>((resolve) => (looked = resolve))
    let first = true
    vi.stubGlobal('navigator', {
      locks: {
        request: async (_name: string, _opts: unknown, run: (lock: object) => Promise<void>) => {
          await run({})
          if (first) {
            first = false
            looked()
            await held
          }
        },
      },
    })
    let calls = 0
    const up = async (): Promise<SendResult> => (calls++, { ok: true, numeroCommande: '700102' })
    const automatic = flushOutbox('100001', up, later(1))
    await hasLooked
    expect(calls).toBe(0)
    const tapped = flushOutboxNow('100001', up, later(1))
    // The tap has cleared the backoff (and so reached its own pass) before the first one ends.
    while ((await db.outbox.get(id))!.nextAttemptAt) await new Promise((r) => setTimeout(r, 1))
    release()
    await Promise.all([automatic, tapped])
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

  it('5xx on sending an order: past 5 server failures in a row the farmer is told, the order stays and is retried; no answer resets the count', async () => {
    const id = await confirmed()
    const failing = async (): Promise<SendResult> => ({
      ok: false,
      retry: true,
      error: 'Erreur technique du serveur',
      status: 500,
    })
    const summaryText = async () => {
      const row = (await db.outbox.get(id))!
      return serverTroubleText(waitingItem(row).serverFailures, waitingItem(row).serverFailureStatus)
    }
    for (let k = 1; k <= SERVER_TROUBLE_AFTER; k++) {
      expect(await summaryText(), `before try ${k}`).toBeNull()
      await flushOutbox('100001', failing, later(60 * k))
      expect((await db.outbox.get(id))!).toMatchObject({
        status: 'pending',
        serverFailures: k,
        serverFailureStatus: 500,
      })
    }
    expect(await summaryText()).toBe(
      "500 Erreur technique du serveur : le serveur de la coopérative a un problème. Votre commande est gardée sur cet appareil et Silo continue d'essayer de l'envoyer.",
    )
    // No answer at all is the network, not the server.
    await flushOutbox('100001', async () => ({ ok: false, retry: true, error: 'Réseau indisponible' }), later(600))
    expect((await db.outbox.get(id))!).toMatchObject({ status: 'pending', serverFailures: 0 })
    expect(await summaryText()).toBeNull()
    await flushOutbox('100001', async () => ({ ok: true, numeroCommande: '700101' }), later(900))
    expect((await db.outbox.get(id))!.status).toBe('accepted')
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

  it('with Web Locks, a try cut off (the page left mid-send) goes again at once: the lock says its sender is gone', async () => {
    const id = await confirmed()
    await db.outbox.update(id, { status: 'sending', sendingSince: new Date().toISOString() })
    const sent: string[] = []
    const up = async (row: OutboxRow): Promise<SendResult> => (
      sent.push(row.id!),
      { ok: true, numeroCommande: '700103' }
    )
    // No lock API: not known whether another tab sends it, so not yet.
    await flushOutbox('100001', up, later(1))
    expect(sent).toEqual([])
    // The lock granted: nobody else is sending, the row is sent now.
    vi.stubGlobal('navigator', {
      locks: { request: async (_n: string, _o: unknown, run: (l: object) => unknown) => run({}) },
    })
    await flushOutbox('100001', up, later(1))
    expect(sent).toEqual([id])
    expect((await db.outbox.get(id))!).toMatchObject({ status: 'accepted', numeroCommande: '700103' })
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
})
