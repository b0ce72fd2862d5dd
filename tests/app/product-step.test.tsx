// The order-line form's quantity help for a simple feed (ordering-area §9, cart-orders-admin §9
// "Help defaults: simple feed max 15 t without forward contract, 29 t with"): the maximum the
// line will be checked against, and why.
import { renderToString } from 'react-dom/server'
import { useForm } from 'react-hook-form'
import { describe, expect, it } from 'vitest'
import { ProductStep } from '../../src/app/features/order-line/product-step'
import type { OrderLineValues } from '../../src/app/features/order-line/order-line-values'
import { orderLineQuantityBounds } from '../../src/domain/order-line'
import { paris } from '../domain/helpers'
import type { Contrat } from '../../src/contract/contrats'

const CONTRAT: Contrat = {
  numContrat: 'C2026-01',
  codeTContrat: 'TF',
  numFormule: null,
  libelleTypecontrat: 'Contrat à terme fixe',
  libelleArticle: 'Orge aplatie vrac',
  numArticle: '430101',
  dateDebut: '2026-10-01',
  dateFin: '2027-03-31',
  qteContrat: 60,
  qteRestante: 42.5,
  contratFutur: false,
  numLot: null,
  numBatiment: null,
}

function Step({
  alimentSimple,
  numContrat,
  contrats = numContrat ? [CONTRAT] : [],
}: {
  alimentSimple: boolean
  numContrat: string | null
  contrats?: Contrat[]
}) {
  const form = useForm<OrderLineValues>({
    defaultValues: { quantiteCommande: '', numAdresse: '', numContrat: numContrat ?? '' },
  })
  const bounds = orderLineQuantityBounds({ idLigne: '', numContrat }, { now: paris('2026-11-23T09:00'), alimentSimple })
  return (
    <ProductStep
      form={form}
      bounds={bounds}
      alimentSimple={alimentSimple ? { avecContrat: Boolean(numContrat) } : null}
      adresses={[]}
      contrats={contrats}
      numContrat={numContrat}
    />
  )
}
const help = (props: { alimentSimple: boolean; numContrat: string | null }) =>
  /id="[^"]*-h"[^>]*>(.*?)<\/p>/
    .exec(renderToString(<Step {...props} />))![1]!
    .replace(/<!-- -->/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/\u00a0/g, ' ')

describe('order-line form: quantity help', () => {
  it('simple feed max 15 t without forward contract, 29 t with, said under the quantity', () => {
    expect(help({ alimentSimple: true, numContrat: null })).toBe(
      "Jusqu'à 15 t (aliment simple sans contrat à terme), par pas de 0,5 t",
    )
    expect(help({ alimentSimple: true, numContrat: 'C2026-01' })).toBe(
      "Jusqu'à 29 t (aliment simple avec contrat à terme), par pas de 0,5 t",
    )
    expect(help({ alimentSimple: false, numContrat: null })).toBe("Jusqu'à 29 t, par pas de 0,5 t")
  })

  it('offers the forward contracts of the article, each with what is left, and says what drawing on one means', () => {
    const html = renderToString(<Step alimentSimple numContrat="C2026-01" />)
      .replace(/<!-- -->/g, '')
      .replace(/&#x27;/g, "'")
      .replace(/\u00a0/g, ' ')
    expect(html).toContain('Contrat à terme')
    expect(html).toContain('Sans contrat')
    expect(html).toContain("N° C2026-01 — reste 42,500 t, jusqu'au 31/03/2027")
    expect(html).toContain("Il reste 42,500 t sur ce contrat. Sur contrat, un aliment simple peut aller jusqu'à 29 t.")
    // No contract for the article: no choice to make.
    expect(renderToString(<Step alimentSimple numContrat={null} />)).not.toContain('Contrat à terme')
  })
})
