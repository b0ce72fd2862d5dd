// A member the office took out of the adviser's portfolio while the adviser acted for them
// (decision 0057): the member's screens are refused (403 HORS_PORTEFEUILLE), and the app sends the
// adviser back to the member search to choose another, not to the "Accès non autorisé" page that
// signs them out. Any other 403 still does.
import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { resolveAccess } from '../../src/app/features/session/resolve-access'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

const adviser = {
  username: 'conseiller',
  displayName: 'Julien Le Bihan (conseiller)',
  roles: ['COM_ALI_ECRITURE_PORTEFEUILLE'],
  tiers: null,
  actingFor: '100100',
  agitPourAdherents: true,
  loginAt: '2026-11-23T07:00:00.000Z',
  preuveChoix: null,
  cleScellement: 'k',
  clesScellementPrecedentes: [],
}

function serverSays(tiers: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (String(url).includes('/web/user/me') ? json(200, adviser) : tiers.clone())),
  )
}

afterEach(() => vi.unstubAllGlobals())

describe('an adviser whose member left their portfolio', () => {
  it('goes back to the member search', async () => {
    serverSays(
      json(403, { message: 'L’adhérent 100100 ne fait pas partie de votre portefeuille.', code: 'HORS_PORTEFEUILLE' }),
    )
    const access = await resolveAccess(new QueryClient({ defaultOptions: { queries: { retry: false } } }), '/')
    expect(access).toEqual({ granted: false, denial: { to: 'selection-tiers' } })
  })

  it('while any other 403 on the member still means access not authorised', async () => {
    serverSays(json(403, { message: 'Vous n’avez pas accès à ce client.', code: 'ACCES_NON_AUTHORISE' }))
    const access = await resolveAccess(new QueryClient({ defaultOptions: { queries: { retry: false } } }), '/')
    expect(access).toEqual({ granted: false, denial: { to: 'error-logout', cause: 'ACCES_NON_AUTHORISE' } })
  })
})
