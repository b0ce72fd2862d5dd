// Input shapes of the rules, named after spec section 3 of both files. Other layers adapt their
// data to these. Dates that cross the API are ISO strings 'yyyy-MM-dd' (IsoDate); instants such
// as `now` or the session start are luxon DateTimes, read in Europe/Paris.
// Fields are optional and nullable because the rules also run on half-filled forms and on
// whatever the server receives: a rule reports a missing field, it never throws on one.

import type { LignePanier, MineralLigne, SupplementationLigne } from '../contract/panier'

export type IsoDate = string
/** A code of the reference data (a step, a family, a slot, a truck mode…), absent on a half-filled line. */
export type Code = string | null | undefined

/** The cart line and its parts: their one source is the contract (src/contract/panier.ts). */
export type CartLine = LignePanier
export type Supplementation = SupplementationLigne
export type Mineral = MineralLigne

export interface ModeCamion {
  code: string
  libelle: string
  libelleOption?: string | null
  minQuantite?: number | null
  maxQuantite?: number | null
  /** Minimum delivery delay in hours (tipper 48, moving floor 72). */
  delaiMinLivraison?: number | null
}

export interface ContraintesArticle {
  quantiteMin?: number | null
  quantiteMax?: number | null
  quantiteMaxMineral?: number | null
}

/** Delivery constraints per article and address. A missing weekday flag means allowed. */
export interface ContraintesLivraison {
  delaisMinJoursOuvres?: number | null
  lundi?: boolean | null
  mardi?: boolean | null
  mercredi?: boolean | null
  jeudi?: boolean | null
  vendredi?: boolean | null
  samedi?: boolean | null
  dimanche?: boolean | null
}

export interface Article {
  numArticle: string
  libelle?: string | null
  codeTypeArticle?: string | null
  codeSousTypeArticle?: string | null
  typeAliment?: string | null
  codeDepartement?: string | null
  codeFamille?: string | null
  codeCategorie?: string | null
  artCommandable?: boolean | null
}

export interface Adresse {
  numAdr: number | string
  etat?: string | null
}

export interface Batiment {
  numBatiment: string | number
  typesSilo?: readonly ({ code: string } | string)[] | null
}

export interface CodeLibelle {
  code: string
  libelle: string
}
