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
