// Issue 52: an adviser's order whose member was removed from their portfolio before it left is
// refused for good (HORS_PORTEFEUILLE): not kept waiting like a change of member, not shown as a
// passing dialog and deleted, but kept on the device, refused, to be exported (never lost, never
// sent for anyone else), through a change of member too, until the adviser removes it.
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../src/offline/db'
import { keptForExport } from '../../src/offline/kept-refusals'
import { acknowledgeRejected, confirmOrder } from '../../src/offline/outbox'
import { flushOutboxNow, sendItem } from '../../src/offline/outbox-flusher'
import { wipeLocalData } from '../../src/offline/wipe'
import { refusedOrderCsv } from '../../src/app/ui/shell/refused-order-csv'
import { lineLabels } from '../../src/app/ui/line-labels'
import { addCartLines } from '../../src/offline/cart'
import { freshOutboxDatabase } from './outbox-support'

const REASON = 'L’adhérent 100107 ne fait pas partie de votre portefeuille.'
const pour = { numTiers: '100107', raisonSociale: 'GAEC DE LA LANDE' }

const answering = (status: number, body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
  )

freshOutboxDatabase()
afterEach(() => vi.unstubAllGlobals())

describe('an order refused because its member left the adviser’s portfolio', () => {
  it('is final: sendItem does not ask to try again', async () => {
    answering(403, { message: REASON, code: 'HORS_PORTEFEUILLE' })
    const row = { id: 'k', owner: 'conseiller', numTiers: '100107', status: 'sending', createdAt: '', attempts: 1 }
    expect(
      await sendItem({ ...row, payload: { numTiers: '100107', commande: { commentaire: '', lignes: [] } } } as never),
    ).toMatchObject({
      ok: false,
      retry: false,
      status: 403,
      code: 'HORS_PORTEFEUILLE',
    })
  })

  it('stays on the device refused, with its reason and lines, exportable, through a change of member, until removed', async () => {
    answering(503, { message: 'Serveur occupé', code: 'SERVEUR_OCCUPE' })
    await addCartLines('conseiller', '100107', [
      { numArticle: '410102', libelleArticle: 'VL 22 % vrac', quantiteCommande: 12.5 },
    ])
    const payload = { numTiers: '100107', commande: { commentaire: '', lignes: [] } }
    const id = await confirmOrder('conseiller', '100107', payload, { pour, preuveChoix: 'corps.signature' })
    await flushOutboxNow('conseiller')
    expect((await db.outbox.get(id))!.status).toBe('pending')

    answering(403, { message: REASON, code: 'HORS_PORTEFEUILLE' })
    await flushOutboxNow('conseiller')
    const refused = (await db.outbox.get(id))!
    expect(refused).toMatchObject({
      status: 'rejected',
      errorStatus: 403,
      errorCode: 'HORS_PORTEFEUILLE',
      error: REASON,
    })
    expect(keptForExport(refused)).toBe(true)
    // Never tried again.
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    await flushOutboxNow('conseiller')
    expect(fetch).not.toHaveBeenCalled()
    const csv = refusedOrderCsv(refused, lineLabels(undefined, undefined))
    expect(csv).toContain('100107;GAEC DE LA LANDE;410102;VL 22 % vrac;12,5;T;')
    expect(csv).toContain(REASON)

    // "Changer de client" erases the member's data, not this order.
    await wipeLocalData()
    expect((await db.outbox.get(id))?.status).toBe('rejected')
    await acknowledgeRejected(id)
    expect(await db.outbox.get(id)).toBeUndefined()
  })
})
