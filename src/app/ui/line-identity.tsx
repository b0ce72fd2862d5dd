// What names an order line under its article's name — its article number, its lot, its forward
// contract — written once so the cart and the Règlement step name a line the same way (issue 51:
// the payment step had lost the contract the cart showed).
import type { CartLine } from '../../domain/types'

const lineIdentity = (line: Pick<CartLine, 'numArticle' | 'numLot' | 'numContrat'>): string =>
  `Article ${line.numArticle ?? ''}${line.numLot ? ` · lot ${line.numLot}` : ''}${line.numContrat ? ` · contrat N° ${line.numContrat}` : ''}`

export function LineIdentity({ line }: { line: Pick<CartLine, 'numArticle' | 'numLot' | 'numContrat'> }) {
  return <p className="text-base text-neutral-800">{lineIdentity(line)}</p>
}
