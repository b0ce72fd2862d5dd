// An adviser's order refused because the session now acts for another member (connect-as) is
// kept and tried again, not dropped: it leaves once its sender acts for that member again.
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { OutboxRow } from '../../src/offline/db'
import { sendItem } from '../../src/offline/outbox-flusher'

const row: OutboxRow = {
  id: 'connect-as-key-0001',
  owner: 'conseiller',
  numTiers: '100001',
  kind: 'commande',
  status: 'sending',
  createdAt: '2026-11-24T08:00:00.000Z',
  attempts: 1,
  payload: { numTiers: '100001', commande: { commentaire: '', lignes: [] } },
}

const answering = (status: number, body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
  )

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('sending for a member the session no longer acts for', () => {
  it('is retried (ADHERENT_NON_CHOISI)', async () => {
    answering(403, {
      message: 'Vous agissez pour l’adhérent 100002, pas pour 100001 : choisissez cet adhérent avant d’agir pour lui.',
      code: 'ADHERENT_NON_CHOISI',
    })
    expect(await sendItem(row)).toMatchObject({ ok: false, retry: true })
  })

  it('while another refusal (no right to act for that customer at all) is final', async () => {
    answering(403, { message: 'Vous n’avez pas accès à ce client.', code: 'ACCES_NON_AUTHORISE' })
    expect(await sendItem(row)).toMatchObject({ ok: false, retry: false })
  })
})

describe('an order confirmed while acting for a member (issue 25)', () => {
  it('keeps the member and the proof of the choice, sends the proof, and its survey goes the same way', async () => {
    const { db } = await import('../../src/offline/db')
    const { confirmOrder, queueEvaluation } = await import('../../src/offline/outbox')
    const { unsentItemsFor } = await import('../../src/offline/outbox-flusher')
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    const pour = { numTiers: '100001', raisonSociale: 'GAEC DES TROIS CHÊNES' }
    const payload = { numTiers: '100001', commande: { commentaire: '', lignes: [] } }
    const id = await confirmOrder('conseiller', '100001', payload, { pour, preuveChoix: 'corps.signature' })
    const survey = await queueEvaluation(
      'conseiller',
      '100001',
      { numTiers: '100001', numeroCommande: null, questionnaire: { notes: { globale: 4 } } },
      { commandeOutboxId: id },
    )
    const order = (await db.outbox.get(id))!
    expect(order).toMatchObject({ pour, preuveChoix: 'corps.signature' })
    expect(await db.outbox.get(survey)).toMatchObject({ pour, preuveChoix: 'corps.signature' })
    expect((await unsentItemsFor('conseiller')).map((i) => i.pour)).toEqual([pour, pour])

    const sent = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(JSON.stringify({ numero: '123', mail: null }), {
          status: 201,
          headers: { 'Content-Type': 'application/json' },
        }),
    )
    vi.stubGlobal('fetch', sent)
    expect(await sendItem(order)).toMatchObject({ ok: true, numeroCommande: '123' })
    const headers = sent.mock.calls[0]![1].headers as Record<string, string>
    expect(headers['X-Preuve-Choix-Adherent']).toBe('corps.signature')
    expect(headers['Idempotency-Key']).toBe(id)
  })

  it('a farmer’s own order carries neither', async () => {
    const { db } = await import('../../src/offline/db')
    const { confirmOrder } = await import('../../src/offline/outbox')
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    const id = await confirmOrder('100002', '100002', { numTiers: '100002', commande: { commentaire: '', lignes: [] } })
    const row = (await db.outbox.get(id))!
    expect(row.pour).toBeUndefined()
    expect(row.preuveChoix).toBeUndefined()
  })
})
