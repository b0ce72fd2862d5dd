// Input shapes of the rules, named after spec section 3 of both files. Other layers adapt their
// data to these. Dates that cross the API are ISO strings 'yyyy-MM-dd' (IsoDate); instants such
// as `now` or the session start are luxon DateTimes, read in Europe/Paris.
// Fields are optional and nullable because the rules also run on half-filled forms and on
// whatever the server receives: a rule reports a missing field, it never throws on one.

export type IsoDate = string

export interface Supplementation {
  numArticle: string
  libelleArticle?: string | null
  libelleLong?: string | null
  codeSousTypeArticle?: string | null
  groupe?: string | null
}

export interface Mineral {
  numArticle: string
  libelleArticle?: string | null
  codeTypeArticle?: string | null
  /** A percentage (incorporation rate). */
  quantiteCommande?: number | string | null
}

export interface CartLine {
  idLigne: string
  numArticle?: string | null
  libelleArticle?: string | null
  codeTypeArticle?: string | null
  codeFamilleArticle?: string | null
  codeFiliere?: string | null
  codeDepartement?: string | null
  codeUniteArticle?: string | null
  numContrat?: string | null
  numLot?: string | null
  numBatiment?: string | number | null
  numExploitation?: string | null
  numAdresse?: string | number | null
  datePrevueLivraison?: IsoDate | null
  finDatePrevueLivraison?: IsoDate | null
  matinApmidi?: string | null
  finMatinApmidi?: string | null
  codeModeCamion?: string | null
  codeTypeSilo1?: string | null
  codeTypeSilo2?: string | null
  codeTypeSilo3?: string | null
  melangeDechargement?: boolean | null
  supplementations?: readonly Supplementation[] | null
  mineraux?: readonly Mineral[] | null
  /** Tonnes when codeUniteArticle is T. */
  quantiteCommande?: number | null
  codeReglement?: string | null
  numDomiciliationBancaire?: string | null
  commentaire?: string | null
  commentairesPredefinis?: readonly string[] | null
  datesInvalides?: boolean | null
}

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
