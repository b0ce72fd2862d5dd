// @vitest-environment jsdom
// "Cet appareil" (issue 50): one line about the member's snapshot for no signal — « Prêt hors
// connexion — données du … », the snapshot's own date in French — and a full storage told to the
// farmer, the rest of the panel working.
import 'fake-indexeddb/auto'
import { createRoot, type Root } from 'react-dom/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { horsConnexionFixture } from '../support/hors-connexion'
import { OWNER_COOKIE } from '../../src/contract/session-names'

vi.mock('../../src/api/hors-connexion', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/api/hors-connexion')>()
  return { ...actual, fetchHorsConnexion: vi.fn() }
})

const snapshot = horsConnexionFixture({ version: 'v1', genereLe: '2026-11-29T07:05:00+01:00' })

let root: Root | null = null
const text = (el: Element) => (el.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ')

beforeAll(() => {
  document.cookie = `${OWNER_COOKIE}=TagOfA`
  vi.stubGlobal('fetch', () => Promise.resolve(new Response(null, { status: 200 })))
})
afterEach(async () => {
  root?.unmount()
  root = null
  const { db } = await import('../../src/offline/db')
  await db.delete()
})

async function panelAfterPreparation(quotaFull: boolean) {
  vi.resetModules()
  const api = await import('../../src/api/hors-connexion')
  const preparation = await import('../../src/offline/preparation')
  const { db } = await import('../../src/offline/db')
  const { default: PreparationStatus } = await import('../../src/app/ui/shell/preparation-status')
  vi.mocked(api.fetchHorsConnexion).mockReset().mockResolvedValueOnce({ changed: true, snapshot })
  if (quotaFull)
    vi.spyOn(db.snapshots, 'put').mockRejectedValueOnce(
      Object.assign(new Error('Quota'), { name: 'QuotaExceededError' }),
    )
  const qc = new QueryClient()
  qc.setQueryData(['user', 'me'], { username: '100001', actingFor: null })
  await preparation.prepareForNoSignal(qc, '100001')
  const container = document.createElement('div')
  document.body.append(container)
  root = createRoot(container)
  root.render(
    <QueryClientProvider client={qc}>
      <PreparationStatus numTiers="100001" online />
    </QueryClientProvider>,
  )
  return container
}

describe('Cet appareil, for no signal', () => {
  it('says in one line since when the device is ready, with the snapshot’s date', async () => {
    const panel = await panelAfterPreparation(false)
    await vi.waitFor(() => expect(text(panel)).toContain('Prêt hors connexion — données du 29/11/2026 à 07:05'))
    expect(panel.querySelector('[role=alert]')).toBeNull()
    expect(panel.querySelector('button')?.disabled).toBe(false)
  })

  it('tells the farmer the storage is full, and stays usable', async () => {
    const panel = await panelAfterPreparation(true)
    await vi.waitFor(() => expect(panel.querySelector('[role=alert]')).not.toBeNull())
    expect(text(panel.querySelector('[role=alert]')!)).toContain('La mémoire de cet appareil est pleine')
    // Ready while the app stays open: the snapshot answers from memory.
    expect(text(panel)).toContain('Prêt hors connexion tant que Silo reste ouvert — données du 29/11/2026 à 07:05')
    expect(panel.querySelector('button')?.disabled).toBe(false)
  })
})
