// One delivered line: article, tonnes, where it went; Ajouter, or the Lots & plans shortcut for
// poultry feed of a customer with lots; a checkbox in duplication mode.
import { Link } from '@tanstack/react-router'
import type { LigneLivraison } from '../../../contract/livraisons'
import { canAddHistoryLine, canDuplicateHistoryLine, showsLotsShortcut } from '../../../domain/articles'
import { formatTonnes } from '../../../domain/format'
import { OrderLineButton } from '../../ui/order-line-button'

interface Props {
  ligne: LigneLivraison
  adresse: string
  hasLots: boolean
  duplicating: boolean
  selected: boolean
  onToggle: () => void
}

export const lineKey = (l: LigneLivraison) => `${l.numLivraison}-${l.numLigne}`

/**
 * Where a line went: the address's words; 'Adresse non renseignée' for a line that never had one;
 * for an address the customer no longer has (removed since), its number and that it was removed —
 * not "non renseignée", which said it was never given (issue 51). `labels` is null while the
 * customer's addresses are unknown: the number alone then.
 */
export function historyAddress(numAdresse: number | null, labels: ReadonlyMap<string, string> | null): string {
  if (numAdresse === null) return 'Adresse non renseignée'
  const label = labels?.get(String(numAdresse))
  if (label) return label
  return labels ? `Adresse ${numAdresse} (supprimée depuis)` : `Adresse ${numAdresse}`
}

/** Only lines with an address and an orderable article can be duplicated (§2, §5). */
export const isSelectable = (l: LigneLivraison) => canDuplicateHistoryLine(l) && canAddHistoryLine(l)

export function HistoryLine({ ligne, adresse, hasLots, duplicating, selected, onToggle }: Props) {
  const orderable = canAddHistoryLine(ligne)
  const checkboxId = `dup-${lineKey(ligne)}`
  const label = (
    <>
      <span className="block text-lg font-semibold">{ligne.libelleArticle}</span>
      <span className="block text-base text-neutral-800">
        {formatTonnes(ligne.quantiteLivree)}
        {ligne.numLot ? ` · lot ${ligne.numLot}` : ''}
      </span>
      <span className="block text-base text-neutral-800">{adresse}</span>
      {!orderable && <span className="block text-base font-semibold text-neutral-900">Article non commandable</span>}
    </>
  )
  return (
    // The button beside the text while the line has room (8rem of text at least), else below it:
    // text at 200 % kept the button beside and left the text a letter a line (issue 43).
    <li className="flex flex-wrap items-center gap-3 border-t border-neutral-300 py-3 first:border-t-0">
      {duplicating && (
        <input
          id={checkboxId}
          type="checkbox"
          checked={selected}
          disabled={!isSelectable(ligne)}
          onChange={onToggle}
          className="h-7 w-7 shrink-0 accent-silo-green disabled:opacity-40"
        />
      )}
      {duplicating ? (
        <label htmlFor={checkboxId} className="min-w-0 flex-1 basis-[8rem]">
          {label}
        </label>
      ) : (
        <div className="min-w-0 flex-1 basis-[8rem]">{label}</div>
      )}
      {!duplicating &&
        (showsLotsShortcut(ligne, hasLots) ? (
          <Link
            to="/catalog/lots"
            search={{
              numExploitation: ligne.numExploitation?.toString(),
              numBatiment: ligne.numBatiment?.toString(),
              numLot: ligne.numLot ?? undefined,
            }}
            className="touch-target inline-flex shrink-0 items-center rounded-full border-2 border-silo-green px-4 font-semibold text-silo-green"
          >
            Lots & plans
          </Link>
        ) : (
          <OrderLineButton label="Ajouter" target={ligne} reason={orderable ? null : 'Article non commandable'} />
        ))}
    </li>
  )
}
