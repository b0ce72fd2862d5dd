// Route templates: the server routes on them, the client builds its URLs from them.
import { describe, expect, it } from 'vitest'
import { validationAdressePath, VALIDATION_ADRESSE_ROUTE } from '../../src/contract/articles'
import { commandePath, COMMANDE_ROUTE } from '../../src/contract/commandes'
import { fill, isServerPath } from '../../src/contract/paths'

describe('route templates', () => {
  it('fill puts each value in its place, URL-encoded', () => {
    expect(fill('/web/v1/tiers/:numTiers/commandes/:numero', { numTiers: '100001', numero: '700001' })).toBe(
      '/web/v1/tiers/100001/commandes/700001',
    )
    expect(fill('/web/v1/aides/:cle', { cle: 'a b/c?' })).toBe('/web/v1/aides/a%20b%2Fc%3F')
    expect(fill('/web/v1/messages/:id', { id: 12 })).toBe('/web/v1/messages/12')
  })
  it('the client’s paths are the server’s templates filled in', () => {
    expect(COMMANDE_ROUTE).toBe('/web/v1/tiers/:numTiers/commandes/:numero')
    expect(commandePath('100001', '700001')).toBe('/web/v1/tiers/100001/commandes/700001')
    expect(VALIDATION_ADRESSE_ROUTE).toBe('/web/v1/articles/M/:num/validationAdresseLivraison/:numTiers/:numAdresse')
    expect(validationAdressePath('470101', '100001', 3)).toBe(
      '/web/v1/articles/M/470101/validationAdresseLivraison/100001/3',
    )
  })
  it('the server’s prefixes: the API, the sign-in, the public reads, the API description; the rest is the app', () => {
    expect(['/web/v1/referentiel', '/security/login', '/public/infos/version', '/api/docs'].every(isServerPath)).toBe(
      true,
    )
    expect(['/', '/catalog/order_history', '/webcam', '/security'].some(isServerPath)).toBe(false)
  })
})
