// The cart's lines grouped as cart-orders-admin §4 groups them (delivery window and address, by
// src/domain's groupCartLines), each group with its title and address: the cart and the payment
// step show the same groups, each line drawn by its screen.
import type { ReactNode } from 'react'
import { groupCartLines } from '../../domain/cart'
import type { CartLine } from '../../domain/types'
import type { LineLabels } from './line-labels'

interface Props<L extends CartLine> {
  lines: readonly L[]
  labels: LineLabels
  /** Prefix of the groups' heading ids, unique on the page. */
  idPrefix: string
  renderLine: (line: L) => ReactNode
}

export function CartGroups<L extends CartLine>({ lines, labels, idPrefix, renderLine }: Props<L>) {
  return groupCartLines(lines).map((g) => (
    <section key={g.key} data-groupe={g.key} aria-labelledby={`${idPrefix}-${g.key}`} className="mb-6">
      <h2 id={`${idPrefix}-${g.key}`} className="text-xl font-bold text-silo-green-dark">
        {g.titre}
      </h2>
      <p className="mb-2 text-base text-neutral-800">{labels.adresse(g.numAdresse)}</p>
      <ul className="grid gap-3 xl:grid-cols-2">{g.lignes.map(renderLine)}</ul>
    </section>
  ))
}
