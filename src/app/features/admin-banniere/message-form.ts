// The banner message form (cart-orders-admin §5 "Banner message"): its values as typed, the
// valibot schema whose checks are src/domain's rules and messages, and the body it sends.
import * as v from 'valibot'
import { TEXTE_MAX, type Message, type MessageBody } from '../../../contract/messages'
import { validateBannerMessage, type BannerContext, type BannerErrors } from '../../../domain/admin'

// A type, not an interface: valibot's forward() wants an indexable object.
export type MessageValues = {
  texte: string
  dateDebut: string
  dateFin: string
}

export const EMPTY_MESSAGE: MessageValues = { texte: '', dateDebut: '', dateFin: '' }

export const toFormValues = (m: Message): MessageValues => ({
  texte: m.texte,
  dateDebut: m.dateDebut.slice(0, 10),
  dateFin: m.dateFin?.slice(0, 10) ?? '',
})

export const toBody = (values: MessageValues): MessageBody => ({
  texte: values.texte.trim(),
  dateDebut: values.dateDebut,
  dateFin: values.dateFin,
})

/** Each field says its own rule's message, all at once; the server applies the same rules. */
export function messageSchema(ctx: BannerContext) {
  return v.pipe(
    v.object({
      texte: v.pipe(v.string(), v.maxLength(TEXTE_MAX, `Le message ne doit pas dépasser ${TEXTE_MAX} caractères`)),
      dateDebut: v.string(),
      dateFin: v.string(),
    }),
    // One raw check: a plain check stops the pipe's later checks once it fails.
    v.rawCheck<MessageValues>(({ dataset, addIssue }) => {
      if (!dataset.typed) return
      const errors: BannerErrors = validateBannerMessage(dataset.value, ctx)
      for (const key of ['texte', 'dateDebut', 'dateFin'] as const) {
        const message = errors[key]
        if (message)
          addIssue({
            message,
            path: [{ type: 'object', origin: 'value', input: dataset.value, key, value: dataset.value[key] }],
          })
      }
    }),
  )
}
