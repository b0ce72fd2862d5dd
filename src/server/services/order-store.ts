// An accepted order stored (cart-orders-admin §7): the order, its comment, its lines, their
// supplements, minerals and first step, its confirmation mail and its place in the feed, in the
// order's transaction. In two round trips (db/batched-reads.ts): what needs the lines' ids waits
// for them, the rest goes with them — statements run in the order they are written here.
import type { DateTime } from 'luxon'
import type { CommandePayload, LigneCommandePayload } from '../../contract/commandes'
import { withAutreInComment } from '../../domain/submission'
import { text } from '../../domain/text'
import { batched } from '../db/batched-reads'
import {
  commandeCommentaires,
  commandeEtapes,
  commandeLigneMineraux,
  commandeLignes,
  commandeLigneSupplementations,
  commandes,
  mailOutbox,
} from '../db/schema'
import type { Tx } from '../http/idempotency'
import { confirmationText } from './order-confirmation-mail'
import type { OrderContext } from './order-context'
import { appendToFeed } from './order-feed'
import { nextOrderNumber } from './order-number'

const num = (v: unknown) => (text(v) === '' ? null : Number(v))

interface StoreOptions {
  numTiers: string
  username: string
  payload: CommandePayload
  /** The lines as checked (normalised): what is stored. */
  lignes: LigneCommandePayload[]
  now: DateTime
  idempotencyKey: string | null
}

/** Stores the checked order; its number and the address its confirmation goes to. */
export async function storeOrder(
  tx: Tx,
  ctx: OrderContext,
  opts: StoreOptions,
): Promise<{ numero: string; mail: string | null }> {
  const { numTiers, payload, lignes } = opts
  const { id, numero } = await nextOrderNumber(tx)
  const at = opts.now.toJSDate()
  const w = batched(tx)
  const defaultMode = ctx.modesReglement.find((m) => m.parDefaut)?.codeRegt ?? ctx.modesReglement[0]?.codeRegt ?? null
  // Stored in the submission format: 'Autre' is 997 with the farmer's words in the comment.
  const stored = lignes.map(withAutreInComment)
  const [, , ...lineRows] = await Promise.all([
    w.insert(commandes).values({
      id: id,
      numero,
      numTiers,
      date: at,
      username: opts.username,
      commentaire: payload.commande.commentaire || null,
    }),
    w
      .insert(commandeCommentaires)
      .values({ commandeId: id, libre: payload.commande.commentaire || null, predefinis: {} }),
    ...stored.map((l) => {
      const article = ctx.articles.get(l.numArticle)!
      return w
        .insert(commandeLignes)
        .values({
          commandeId: id,
          idLigne: l.idLigne,
          etape: 'ENREGISTREE',
          numArticle: l.numArticle,
          libelleArticle: article.libelle,
          codeTypeArticle: article.codeTypeArticle,
          quantiteCommande: l.quantiteCommande ?? 0,
          codeUniteArticle: article.codeUniteArticle,
          numAdresse: num(l.numAdresse),
          datePrevueLivraison: l.datePrevueLivraison!,
          finDatePrevueLivraison: l.finDatePrevueLivraison!,
          matinApmidi: l.matinApmidi!,
          finMatinApmidi: l.finMatinApmidi!,
          codeModeCamion: l.codeModeCamion!,
          codeTypeSilo1: l.codeTypeSilo1 || null,
          codeTypeSilo2: l.codeTypeSilo2 || null,
          codeTypeSilo3: l.codeTypeSilo3 || null,
          melangeDechargement: Boolean(l.melangeDechargement),
          numContrat: l.numContrat || null,
          numLot: l.numLot || null,
          numBatiment: num(l.numBatiment),
          numExploitation: num(l.numExploitation),
          // Sent offline without proposals, a line may come without a mode: the default applies.
          codeReglement: l.codeReglement || defaultMode,
          numDomiciliationBancaire: num(l.numDomiciliationBancaire),
          commentaire: l.commentaire || null,
        })
        .returning({ id: commandeLignes.id })
    }),
  ])
  const email = ctx.tiers?.email ?? null
  await Promise.all([
    ...stored.flatMap((l, i) => {
      const ligneId = lineRows[i]![0]!.id
      return [
        l.supplementations?.length
          ? w
              .insert(commandeLigneSupplementations)
              .values(l.supplementations.map((s) => ({ ligneId, numArticle: s.numArticle })))
          : null,
        l.mineraux?.length
          ? w.insert(commandeLigneMineraux).values(
              l.mineraux.map((m) => ({
                ligneId,
                numArticle: m.numArticle,
                quantiteCommande: Number(m.quantiteCommande),
              })),
            )
          : null,
        w.insert(commandeEtapes).values({ ligneId, etape: 'ENREGISTREE', at }),
      ]
    }),
    email
      ? w.insert(mailOutbox).values({
          to: email,
          subject: `Votre commande d'aliments N°${numero}`,
          body: confirmationText(numero, lignes, ctx, opts.now),
          createdAt: at,
        })
      : null,
    // Into the feed the ERP reads (services/order-feed.ts), in this same transaction: the order
    // exists iff it is in the feed. Its position is taken at the commit, under the feed's lock.
    appendToFeed(w, id, opts.idempotencyKey),
  ])
  return { numero, mail: email }
}
