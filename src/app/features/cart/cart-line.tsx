// One cart line (cart-orders-admin §2, §3): article, quantity, supplements, minerals, storage
// places, truck mode with the line's comment, delivery dates and slots, the mixing checkbox when
// other lines share its date and places, and the warnings of src/domain's checks.
import { formatDate } from '../../../domain/format'
import type { CartLine } from '../../../domain/types'
import type { LineLabels } from '../../ui/line-labels'
import { LineIdentity } from '../../ui/line-identity'
import { LineSummaryRows } from '../../ui/line-summary'
import { LineActions, Svg } from './line-actions'

const TRUCK =
  'M20 8h-3V4H3c-1.1 0-2 .9-2 2v11h2c0 1.66 1.34 3 3 3s3-1.34 3-3h6c0 1.66 1.34 3 3 3s3-1.34 3-3h2v-5l-3-4zM6 18.5c-.83 0-1.5-.67-1.5-1.5s.67-1.5 1.5-1.5 1.5.67 1.5 1.5-.67 1.5-1.5 1.5zm13.5-9 1.96 2.5H17V9.5h2.5zm-1.5 9c-.83 0-1.5-.67-1.5-1.5s.67-1.5 1.5-1.5 1.5.67 1.5 1.5-.67 1.5-1.5 1.5z'
const COMMENT =
  'M21.99 4c0-1.1-.89-2-1.99-2H4c-1.1 0-2 .9-2 2v12c0 1.1.9 2 2 2h14l4 4-.01-18zM18 14H6v-2h12v2zm0-3H6V9h12v2zm0-3H6V6h12v2z'
const WARN = 'M1 21h22L12 2 1 21zm12-3h-2v-2h2v2zm0-4h-2v-4h2v4z'

export interface LineIssue {
  message: string
  /** An error blocks the next step; a warning asks. */
  level: 'erreur' | 'avertissement'
}

interface Props {
  line: CartLine
  labels: LineLabels
  issues: readonly LineIssue[]
  /** Shown when more than one line shares its date and places. */
  mixing: boolean
  onMixing: (value: boolean) => void
  onEdit: () => void
  onDelete: () => void
}

export function CartLineCard({ line, labels, issues, mixing, onMixing, onEdit, onDelete }: Props) {
  const name = line.libelleArticle ?? `article ${line.numArticle ?? ''}`
  const mixId = `melange-${line.idLigne}`
  return (
    <li className="rounded-xl border-2 border-neutral-300 bg-white p-4" data-ligne={line.idLigne}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-[min(10rem,100%)] flex-1">
          <h3 className="text-lg font-bold leading-snug">{name}</h3>
          <LineIdentity line={line} />
        </div>
        <LineActions name={name} onEdit={onEdit} onDelete={onDelete} />
      </div>
      <dl className="mt-2 pairs gap-x-4 gap-y-1 text-base">
        <LineSummaryRows line={line} labels={labels} />
        <dt className="text-neutral-800">Livraison</dt>
        <dd>
          du {formatDate(line.datePrevueLivraison)} ({labels.creneau(line.matinApmidi)})
          <br />
          au {formatDate(line.finDatePrevueLivraison)} ({labels.creneau(line.finMatinApmidi)})
        </dd>
        <dt className="text-neutral-800">Camion</dt>
        <dd className="flex items-start gap-2">
          <Svg d={TRUCK} className="mt-0.5 h-5 w-5 shrink-0" />
          <span>{labels.camion(line.codeModeCamion)}</span>
        </dd>
        {line.commentaire && (
          <>
            <dt className="text-neutral-800">
              <span className="inline-flex items-center gap-1">
                <Svg d={COMMENT} className="h-5 w-5" /> Commentaire
              </span>
            </dt>
            <dd className="italic">{line.commentaire}</dd>
          </>
        )}
      </dl>
      {mixing && (
        <div className="mt-3 flex items-center gap-3 rounded-lg bg-neutral-100 px-3">
          <input
            id={mixId}
            type="checkbox"
            checked={Boolean(line.melangeDechargement)}
            onChange={(e) => onMixing(e.target.checked)}
            className="h-7 w-7 shrink-0 accent-silo-green"
          />
          <label htmlFor={mixId} className="touch-target flex flex-1 items-center text-base font-semibold">
            Mélanger au déchargement
          </label>
        </div>
      )}
      {issues.length > 0 && (
        <ul className="mt-3 grid gap-2">
          {issues.map((i) => (
            <li
              key={i.message}
              className={`flex items-start gap-2 rounded-lg border-2 px-3 py-2 text-base font-semibold ${i.level === 'erreur' ? 'border-red-800 bg-red-50 text-red-900' : 'border-neutral-900 bg-silo-gold-light text-neutral-950'}`}
            >
              <Svg d={WARN} className="mt-0.5 h-5 w-5 shrink-0" />
              <span>
                <span className="sr-only">{i.level === 'erreur' ? 'Erreur : ' : 'Attention : '}</span>
                {i.message}
              </span>
            </li>
          ))}
        </ul>
      )}
    </li>
  )
}
