import * as v from 'valibot'

export const REFERENTIEL_PATH = '/web/v1/referentiel'

export const ReferentielQuery = v.object({ numTiers: v.optional(v.string()) })

const CodeLibelle = v.object({ code: v.string(), libelle: v.string() })

const ModeCamion = v.object({
  code: v.string(),
  libelle: v.string(),
  libelleOption: v.nullable(v.string()),
  minQuantite: v.nullable(v.number()),
  maxQuantite: v.nullable(v.number()),
  /** Minimum delivery delay in hours (tipper 48 h, moving floor 72 h). */
  delaiMinLivraison: v.nullable(v.number()),
})
type ModeCamion = v.InferOutput<typeof ModeCamion>

export const MessageBandeau = v.object({
  id: v.number(),
  texte: v.string(),
  dateDebut: v.string(),
  dateFin: v.nullable(v.string()),
})
export type MessageBandeau = v.InferOutput<typeof MessageBandeau>

/** GET /web/v1/referentiel (ordering-area §3 Reference data, cart-orders-admin §3). */
export const Referentiel = v.object({
  periodesLivraison: v.array(CodeLibelle),
  libellesPeriodesLivraisons: v.record(v.string(), v.string()),
  messagesBandeau: v.array(MessageBandeau),
  departements: v.array(CodeLibelle),
  presentationsArticles: v.array(CodeLibelle),
  modesCamion: v.array(ModeCamion),
  typesSilo: v.array(CodeLibelle),
  typesSiloDefault: v.array(v.string()),
  commentairesPredefinis: v.array(v.object({ codeTypeSilo: v.nullable(v.string()), libelle: v.string() })),
})
export type Referentiel = v.InferOutput<typeof Referentiel>
