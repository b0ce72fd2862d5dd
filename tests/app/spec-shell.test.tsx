// Parts of the shell and the history the specification names that no end-to-end test shows
// (issue 27, docs/spec-trace.md): the Gestion articles entry by role, the address filter only for
// several addresses, the Contentieux text, the quick-add's result message, the storage error dialog.
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import type { Adresse } from '../../src/contract/tiers'
import { AddressFilter } from '../../src/app/features/history/address-filter'
import { ContentieuxDialog } from '../../src/app/features/session/contentieux-dialog'
import { NextStepDialogs } from '../../src/app/features/cart/next-step-dialogs'
import { SideMenu } from '../../src/app/ui/shell/side-menu'
import { adminItems } from '../../src/app/ui/shell/nav-items'
import { lineQuantity } from '../../src/app/ui/line-summary'
import { quickAddSummary } from '../../src/domain/articles'
import { canEditArticles, ROLE } from '../../src/domain/roles'
import { typographie } from '../../src/domain/typography'

async function text(ui: ReactNode): Promise<string> {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => ui }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  await router.load()
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
}

const adresse = (numAdr: number): Adresse =>
  ({ numAdr, etat: 'A', adresse1: `Ferme ${numAdr}`, codePostal: '35160', ville: 'Montfort-sur-Meu' }) as Adresse

describe('the menu', () => {
  it('Gestion articles only for role COM_ALI_ECRITURE_ARTICLE', async () => {
    const menu = (roles: string[]) =>
      text(
        <SideMenu
          adminItems={adminItems({ articles: canEditArticles(roles), access: false })}
          numTiers="100001"
          hasLots
        />,
      )
    expect(await menu([ROLE.LECTURE_PERSONNELLE, ROLE.ECRITURE_PERSONNELLE])).not.toContain('Gestion articles')
    expect(await menu([ROLE.ECRITURE_ARTICLE])).toContain('Gestion articles')
  })

  it('Accès de l’adhérent only for staff acting for a member', async () => {
    const menu = (access: boolean) =>
      text(<SideMenu adminItems={adminItems({ articles: false, access })} numTiers="100001" hasLots />)
    expect(await menu(false)).not.toContain('Accès de l’adhérent')
    expect(await menu(true)).toContain('Accès de l’adhérent')
  })

  it('Lots & plans only for a customer with lots (tiers hasLots)', async () => {
    const menu = (hasLots: boolean) => text(<SideMenu adminItems={[]} numTiers="100001" hasLots={hasLots} />)
    expect(await menu(true)).toContain('Lots & plans')
    expect(await menu(false)).not.toContain('Lots & plans')
  })
})

describe('the delivery history', () => {
  it('the address filter appears only when the customer has more than one address', async () => {
    const filter = (n: number) =>
      text(
        <AddressFilter adresses={Array.from({ length: n }, (_, i) => adresse(i + 1))} value="" onChange={() => {}} />,
      )
    expect((await filter(1)).trim()).toBe('')
    expect(await filter(2)).toContain('Adresse de livraison Toutes les adresses Ferme 1, 35160 Montfort-sur-Meu')
  })

  it('the quick-add result states the counts added and not orderable', () => {
    expect(quickAddSummary(2, 1)).toBe('2 ligne(s) ajoutée(s) au panier, 1 ligne(s) non commandable(s)')
  })
})

describe('the Contentieux dialog', () => {
  it('a payment incident prevents access to the ordering site; contact the regional account manager; logout', async () => {
    const shown = await text(<ContentieuxDialog onLogout={async () => {}} />)
    expect(shown).toContain("Un incident de paiement empêche l'accès au site de commande")
    expect(shown).toContain('Veuillez contacter votre responsable de compte régional.')
    expect(shown).toContain('Se déconnecter')
  })
})

describe('quantities', () => {
  it('in t when the unit is T, otherwise in the unit', () => {
    expect(lineQuantity({ idLigne: '001', quantiteCommande: 12.5, codeUniteArticle: 'T' })).toBe(
      typographie('12,500 t'),
    )
    expect(lineQuantity({ idLigne: '001', quantiteCommande: 40, codeUniteArticle: 'SAC' })).toBe('40\u00a0SAC')
  })
})

describe("the storage error dialog of 'Etape suivante' (cart-orders-admin §8)", () => {
  it("titled 'Erreur': 'Attention les aliments suivants concernent des espèces différentes …', the lines, 'Merci de modifier vos lignes de commande', OK only", async () => {
    const lines = [
      { idLigne: '001', libelleArticle: 'VL Production 18 % vrac', quantiteCommande: 10 },
      { idLigne: '002', libelleArticle: 'Porc finition vrac', quantiteCommande: 8 },
    ]
    const shown = await text(
      <NextStepDialogs
        dialog={{ kind: 'erreur', idLignes: ['001', '002'] }}
        lines={lines}
        onClose={() => {}}
        onConfirm={() => {}}
      />,
    )
    expect(shown.trim()).toBe(
      "Erreur Attention les aliments suivants concernent des espèces différentes et sont prévus d'être livrés dans les mêmes lieux de stockage VL Production 18 % vrac — 10,000 t Porc finition vrac — 8,000 t Merci de modifier vos lignes de commande OK",
    )
  })
})
