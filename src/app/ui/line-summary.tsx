// What an order line holds, as the cart and the payment step both show it (cart-orders-admin §2):
// quantity (in t when the unit is T), supplements, minerals with a percent sign, storage places.
import { formatNombre, formatTonnes } from '../../domain/format'
import { storagePlaces } from '../../domain/storage-places'
import { avecUnite } from '../../domain/typography'
import type { CartLine } from '../../domain/types'
import type { LineLabels } from './line-labels'

export const lineQuantity = (l: CartLine): string =>
  typeof l.quantiteCommande !== 'number'
    ? ''
    : !l.codeUniteArticle || l.codeUniteArticle === 'T'
      ? formatTonnes(l.quantiteCommande)
      : avecUnite(formatNombre(l.quantiteCommande), l.codeUniteArticle)

const percent = (q: unknown) => formatNombre(Number(String(q ?? '').replace(',', '.')) || 0)

/** The rows of a <dl className="pairs …"> (styles.css): the caller adds its own rows after. */
export function LineSummaryRows({ line, labels }: { line: CartLine; labels: LineLabels }) {
  const places = storagePlaces(line).map(labels.lieu)
  const supplements = (line.supplementations ?? []).map((s) => s.libelleArticle ?? s.libelleLong ?? s.numArticle)
  const minerals = (line.mineraux ?? []).map(
    (m) => `${m.libelleArticle ?? m.numArticle} (${avecUnite(percent(m.quantiteCommande), '%')})`,
  )
  return (
    <>
      <dt className="text-neutral-800">Quantité</dt>
      <dd className="font-semibold">{lineQuantity(line)}</dd>
      {supplements.length > 0 && (
        <>
          <dt className="text-neutral-800">Supplémentations</dt>
          <dd>{supplements.join(', ')}</dd>
        </>
      )}
      {minerals.length > 0 && (
        <>
          <dt className="text-neutral-800">Minéraux</dt>
          <dd>{minerals.join(', ')}</dd>
        </>
      )}
      <dt className="text-neutral-800">Stockage</dt>
      <dd>{places.length ? places.join(', ') : <span className="font-semibold">Non renseigné</span>}</dd>
    </>
  )
}
