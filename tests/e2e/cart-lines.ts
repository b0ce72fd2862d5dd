// Cart lines as the app stores them, for browser tests that write a cart directly (writeCart):
// farmer 100001's feeds at address 1, delivered 8 to 10 business days from today by auger truck.
import { businessDaysAfter, todayIso } from '../support/business-days'

export type Line = Record<string, unknown> & { idLigne: string }

export const today = todayIso()
export const inBusinessDays = (n: number) => businessDaysAfter(n)
export const d1 = inBusinessDays(8)
export const d1End = inBusinessDays(10)

export const cartLine = (idLigne: string, o: Record<string, unknown>): Line => ({
  idLigne,
  codeTypeArticle: 'A',
  codeUniteArticle: 'T',
  numAdresse: 1,
  datePrevueLivraison: d1,
  finDatePrevueLivraison: d1End,
  matinApmidi: 'ID',
  finMatinApmidi: 'ID',
  codeModeCamion: 'VIS',
  codeTypeSilo1: '001',
  codeTypeSilo2: null,
  codeTypeSilo3: null,
  supplementations: [],
  mineraux: [],
  melangeDechargement: false,
  ...o,
})
export const vl = (idLigne: string, o: Record<string, unknown> = {}) =>
  cartLine(idLigne, {
    numArticle: '410101',
    libelleArticle: 'VL Production 18 % vrac',
    codeFamilleArticle: '41010',
    codeDepartement: '41',
    codeFiliere: '10',
    quantiteCommande: 10,
    ...o,
  })
export const correcteur = (idLigne: string, o: Record<string, unknown> = {}) =>
  cartLine(idLigne, {
    numArticle: '410104',
    libelleArticle: 'Correcteur azoté 40 % vrac',
    codeFamilleArticle: '41020',
    codeDepartement: '41',
    codeFiliere: '10',
    quantiteCommande: 6,
    ...o,
  })
export const porc = (idLigne: string, o: Record<string, unknown> = {}) =>
  cartLine(idLigne, {
    numArticle: '420105',
    libelleArticle: 'Porc finition vrac',
    codeFamilleArticle: '42030',
    codeDepartement: '42',
    codeFiliere: '20',
    quantiteCommande: 8.5,
    ...o,
  })

/** Two lines at one address, in two silos: the checkout tests' order. */
export const TWO_LINES = [vl('001'), correcteur('002', { codeTypeSilo1: '002' })]
