// The satisfaction questionnaire of the confirmation screen (cart-orders-admin §2, §4, §5). The
// global rating first; once set, the detail ratings, a comment and 'Envoyer' appear. Sending hands
// it to the outbox (src/offline/outbox), which delivers it once, with its key, whenever the
// network allows: 'Merci de votre retour.' then, also if that failed (§7). Leaving the screen
// (navigation, closing the tab, the phone switching app) with a global rating and nothing sent
// yet sends it too. When the order itself still waits in the outbox (confirmed without signal),
// its number is unknown here: the survey refers to the order's outbox item and the outbox fills
// the number in before sending it.
import { COMMENTAIRE_QUESTIONNAIRE_MAX } from '../../../contract/limits'
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react'
import {
  buildEvaluationBody,
  clampComment,
  DETAIL_NOTES,
  EMPTY_SURVEY,
  hasGlobalRating,
  MERCI_RETOUR,
  shouldSendOnLeave,
  type SurveyForm,
} from '../../../domain/survey'
import { queuedEvaluationId, queueEvaluation } from '../../../offline/outbox'
import { StarRating } from './star-rating'
import { CharacterCount } from '../../ui/character-count'

export interface SatisfactionSurveyProps {
  /** The signed-in user (outbox owner). */
  owner: string
  /** The customer the order was placed for. */
  numTiers: string
  /** The order's outbox item: enough when its number is not known yet. */
  orderOutboxId?: string
  /** The order's number, when the cooperative has answered. */
  numeroCommande?: string | null
}

type Status = 'editing' | 'sending' | 'done'

export function SatisfactionSurvey(props: SatisfactionSurveyProps) {
  const { owner, orderOutboxId, numeroCommande } = props
  const [form, setForm] = useState<SurveyForm>(EMPTY_SURVEY)
  const [status, setStatus] = useState<Status>('editing')
  const id = useId()
  const thanksRef = useRef<HTMLParagraphElement>(null)
  const focusThanks = useRef(false)
  // Read by the page-leave handlers, which outlive renders.
  const formRef = useRef<SurveyForm>(EMPTY_SURVEY)
  const propsRef = useRef(props)
  /** Set before the outbox write starts: nothing queues it twice (StrictMode, pagehide + unmount). */
  const sentRef = useRef(false)

  useEffect(() => {
    propsRef.current = props
  })

  const update = (patch: Partial<SurveyForm>) => {
    const next = { ...formRef.current, ...patch }
    formRef.current = next
    setForm(next)
  }

  /** Hands the survey to the outbox, once; undefined when there is nothing (more) to send. */
  const queue = useCallback((): Promise<unknown> | undefined => {
    if (sentRef.current) return undefined
    const p = propsRef.current
    const body = buildEvaluationBody(p.numTiers, p.numeroCommande, formRef.current)
    if (!body) return undefined
    sentRef.current = true
    // §7: success or failure both end with the thanks. (The outbox retries until delivered; a
    // failure here is the device's storage refusing the write.)
    return queueEvaluation(p.owner, p.numTiers, body, { commandeOutboxId: p.orderOutboxId }).catch(() => undefined)
  }, [])

  // Leaving: navigation (unmount), closing or hiding the page. The outbox write is started at
  // once; the outbox sends it now or at the next start of the app.
  useEffect(() => {
    const leave = () => {
      if (!shouldSendOnLeave(formRef.current, sentRef.current)) return
      void queue()
      setStatus('done')
    }
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') leave()
    }
    window.addEventListener('pagehide', leave)
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      window.removeEventListener('pagehide', leave)
      document.removeEventListener('visibilitychange', onVisibility)
      leave()
    }
  }, [queue])

  // Back on this screen after answering (history back): one survey per order, say thanks again.
  useEffect(() => {
    let live = true
    queuedEvaluationId(owner, { commandeOutboxId: orderOutboxId, numeroCommande })
      .then((found) => {
        if (!live || !found) return
        sentRef.current = true
        setStatus('done')
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [owner, orderOutboxId, numeroCommande])

  useEffect(() => {
    if (status === 'done' && focusThanks.current) thanksRef.current?.focus()
  }, [status])

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const write = queue()
    if (!write) return
    setStatus('sending')
    await write
    focusThanks.current = true
    setStatus('done')
  }

  const titleId = `${id}-titre`
  const counterId = `${id}-compteur`
  const commentId = `${id}-commentaire`
  const sending = status === 'sending'

  return (
    <section aria-labelledby={titleId} className="mt-6 rounded-xl border-2 border-neutral-300 bg-white p-4 text-left">
      <h2 id={titleId} className="text-xl font-bold">
        Votre avis sur la commande en ligne
      </h2>
      {status === 'done' ? (
        <p ref={thanksRef} tabIndex={-1} role="status" className="mt-3 text-lg font-semibold text-silo-green-dark">
          {MERCI_RETOUR}
        </p>
      ) : (
        <form onSubmit={submit} aria-busy={sending} noValidate>
          <StarRating
            label="Note globale"
            emphasis
            value={form.globale}
            onChange={(globale) => update({ globale })}
            disabled={sending}
          />
          {hasGlobalRating(form) && (
            <>
              <fieldset className="mt-4 border-t-2 border-neutral-200 pt-2">
                <legend className="sr-only">Notes détaillées (facultatives)</legend>
                {DETAIL_NOTES.map(({ key, label }) => (
                  <StarRating
                    key={key}
                    label={label}
                    value={form[key]}
                    onChange={(v) => update({ [key]: v })}
                    disabled={sending}
                  />
                ))}
              </fieldset>
              <label htmlFor={commentId} className="mt-4 mb-1 block font-semibold">
                Commentaire <span className="font-normal">(facultatif)</span>
              </label>
              <textarea
                id={commentId}
                rows={4}
                maxLength={COMMENTAIRE_QUESTIONNAIRE_MAX}
                value={form.commentaire}
                aria-describedby={counterId}
                disabled={sending}
                onChange={(e) => update({ commentaire: clampComment(e.target.value) })}
                className="block min-h-[48px] w-full rounded-lg border-2 border-neutral-600 bg-white px-3 py-2 text-base"
              />
              <CharacterCount id={counterId} length={form.commentaire.length} max={COMMENTAIRE_QUESTIONNAIRE_MAX} />
              <button
                type="submit"
                disabled={sending}
                className="touch-target mt-3 inline-flex w-full items-center justify-center gap-2 rounded-full bg-silo-green px-5 text-base font-semibold text-white disabled:opacity-80 sm:w-auto"
              >
                {sending && (
                  <span
                    aria-hidden="true"
                    className="size-5 animate-spin rounded-full border-3 border-white border-t-transparent"
                  />
                )}
                {sending ? 'Envoi en cours…' : 'Envoyer'}
              </button>
            </>
          )}
        </form>
      )}
    </section>
  )
}
