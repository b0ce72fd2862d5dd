// One line of the payment step (cart-orders-admin §2 "Payment validation screen", §4 "Payment
// line"): what is ordered, then the payment mode (locked until Modifier), the discount rate, the
// due date and the bank domiciliation (text when there is one, a selector when several).
import { useId } from 'react'
import { formatDate, formatNombre } from '../../../domain/format'
import type { PaymentSelection } from '../../../domain/payment'
import type { CartLine } from '../../../domain/types'
import type { LineLabels } from '../../ui/line-labels'
import { LineIdentity } from '../../ui/line-identity'
import { LineSummaryRows } from '../../ui/line-summary'
import type { LineProposal } from './use-line-proposals'
import { avecUnite } from '../../../domain/typography'

interface Props {
  line: CartLine
  labels: LineLabels
  proposal: LineProposal
  selection: PaymentSelection
  unlocked: boolean
  /** More than one line: duplicating makes sense. */
  canDuplicate: boolean
  onUnlock: () => void
  onMode: (codeRegt: string) => void
  onDomiciliation: (num: string) => void
  onDuplicate: () => void
}

const SELECT =
  'touch-target w-full rounded-lg border-2 border-neutral-700 bg-white px-3 text-base disabled:border-neutral-300 disabled:bg-neutral-100 disabled:text-neutral-900'
const SMALL_BUTTON =
  'touch-target inline-flex items-center justify-center rounded-full border-2 border-silo-green px-4 text-base font-semibold text-silo-green disabled:border-neutral-400 disabled:text-neutral-700'
const NOTE = 'mt-3 rounded-lg border-2 px-3 py-2 text-base font-semibold'

const banque = (d: { nomBanque?: string | null; numeroCompte?: string | null }) =>
  [d.nomBanque, d.numeroCompte].filter(Boolean).join(' – ')

export function PaymentLine({
  line,
  labels,
  proposal,
  selection,
  unlocked,
  canDuplicate,
  onUnlock,
  onMode,
  onDomiciliation,
  onDuplicate,
}: Props) {
  const id = useId()
  const name = line.libelleArticle ?? `article ${line.numArticle ?? ''}`
  const { modes } = proposal
  const hasModes = modes.length > 0
  return (
    <li className="rounded-xl border-2 border-neutral-300 bg-white p-4" data-ligne={line.idLigne}>
      <h3 className="text-lg font-bold leading-snug">{name}</h3>
      <LineIdentity line={line} />
      <dl className="mt-2 pairs gap-x-4 gap-y-1 text-base">
        <LineSummaryRows line={line} labels={labels} />
      </dl>

      <fieldset className="mt-3 border-t-2 border-neutral-200 pt-3" aria-busy={proposal.etat === 'chargement'}>
        <legend className="sr-only">Règlement de {name}</legend>
        {proposal.etat === 'chargement' && (
          <p role="status" className="text-base">
            Chargement des modes de règlement…
          </p>
        )}
        {proposal.etat === 'inconnu' && (
          <p className={`${NOTE} border-neutral-900 bg-neutral-100`}>
            Modes de règlement inconnus hors connexion pour cette ligne.
          </p>
        )}
        {proposal.etat === 'aucun' && (
          <p className={`${NOTE} border-neutral-900 bg-neutral-100`}>
            Aucun mode de règlement proposé pour cette ligne : la coopérative appliquera votre mode de règlement
            habituel.
          </p>
        )}
        {hasModes && (
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <label htmlFor={`${id}-mode`} className="block text-base font-semibold">
                Mode de règlement
              </label>
              <select
                id={`${id}-mode`}
                className={SELECT}
                value={selection.codeReglement ?? ''}
                disabled={!unlocked}
                onChange={(e) => onMode(e.target.value)}
              >
                {modes.map((m) => (
                  <option key={m.codeRegt} value={m.codeRegt}>
                    {m.libelle}
                  </option>
                ))}
              </select>
            </div>
            <dl className="pairs content-center gap-x-4 gap-y-1 text-base">
              <dt className="text-neutral-800">Taux d'escompte</dt>
              <dd className="font-semibold">{avecUnite(formatNombre(selection.tauxEscompte ?? 0, 2), '%')}</dd>
              <dt className="text-neutral-800">Échéance</dt>
              <dd className="font-semibold">
                {selection.datePrevEche ? formatDate(selection.datePrevEche) : 'à la facture'}
              </dd>
            </dl>
            {selection.domiciliations.length === 1 && (
              <p className="text-base sm:col-span-2">
                <span className="text-neutral-800">Domiciliation bancaire : </span>
                <span className="font-semibold">{banque(selection.domiciliations[0]!)}</span>
              </p>
            )}
            {selection.domiciliations.length > 1 && (
              <div className="sm:col-span-2">
                <label htmlFor={`${id}-domiciliation`} className="block text-base font-semibold">
                  Domiciliation bancaire
                </label>
                <select
                  id={`${id}-domiciliation`}
                  className={SELECT}
                  value={selection.numDomiciliationBancaire ?? ''}
                  disabled={!unlocked}
                  onChange={(e) => onDomiciliation(e.target.value)}
                >
                  {selection.domiciliations.map((d) => (
                    <option key={d.numDomiciliationBancaire} value={d.numDomiciliationBancaire}>
                      {banque(d)}
                    </option>
                  ))}
                </select>
              </div>
            )}
          </div>
        )}
        {proposal.etat === 'a-verifier' && (
          <p className={`${NOTE} border-neutral-900 bg-silo-gold-light text-neutral-950`}>
            Hors connexion : règlement établi d'après vos conditions habituelles, vérifié par la coopérative à la
            réception de la commande.
          </p>
        )}
        {hasModes && (
          <div className="mt-3 flex flex-wrap gap-3">
            <button
              type="button"
              className={SMALL_BUTTON}
              onClick={onUnlock}
              disabled={unlocked}
              aria-label={`Modifier le règlement de ${name}`}
            >
              Modifier
            </button>
            {canDuplicate && (
              <button
                type="button"
                className={SMALL_BUTTON}
                onClick={onDuplicate}
                aria-label={`Appliquer le règlement de ${name} aux autres lignes`}
              >
                Dupliquer sur les autres lignes
              </button>
            )}
          </div>
        )}
      </fieldset>
    </li>
  )
}
