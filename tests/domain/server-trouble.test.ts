import { describe, expect, it } from 'vitest'
import {
  isServerFailure,
  SERVER_TROUBLE_AFTER,
  serverFailuresAfter,
  serverTroubleText,
} from '../../src/domain/server-trouble'

describe('the server failing an order again and again (cart-orders-admin §8)', () => {
  it('5xx, 408 and 429 are the server failing; a refusal or no answer is not', () => {
    for (const status of [500, 502, 503, 504, 408, 429]) expect(isServerFailure(status), String(status)).toBe(true)
    for (const status of [undefined, 400, 401, 403, 409, 422])
      expect(isServerFailure(status), String(status)).toBe(false)
  })
  it('failures count in a row; anything else starts again from 0', () => {
    expect(serverFailuresAfter(undefined, 500)).toBe(1)
    expect(serverFailuresAfter(3, 503)).toBe(4)
    expect(serverFailuresAfter(4, undefined)).toBe(0)
  })
  it("the farmer is told with the status's label only past the bound", () => {
    expect(serverTroubleText(SERVER_TROUBLE_AFTER - 1, 500)).toBeNull()
    expect(serverTroubleText(SERVER_TROUBLE_AFTER, 503)).toBe(
      "503 service non disponible : le serveur de la coopérative a un problème. Votre commande est gardée sur cet appareil et Silo continue d'essayer de l'envoyer.",
    )
  })
})
