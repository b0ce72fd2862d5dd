// The help texts the server holds for the spec's page keys (cart-orders-admin §2 item 6, §4): the
// orders page's help gives the processing sequence of the steps. Read from the seed, no database.
import { describe, expect, it } from 'vitest'
import { seedHelpTexts } from '../../src/server/seed/parameters'

async function helpTexts(): Promise<Record<string, string>> {
  const rows: { pageKey: string; texte: string }[] = []
  const tx = { insert: () => ({ values: async (r: typeof rows) => void rows.push(...r) }) }
  await seedHelpTexts(tx as never)
  return Object.fromEntries(rows.map((r) => [r.pageKey, r.texte]))
}

describe('help texts', () => {
  it('COMMANDE gives the sequence: en attente de validation, valorisée, en logistique, livrée, facturée, supprimée', async () => {
    expect((await helpTexts()).COMMANDE).toMatch(
      /en attente de validation, valorisée, en logistique, livrée, facturée \(ou supprimée\)/,
    )
  })
})
