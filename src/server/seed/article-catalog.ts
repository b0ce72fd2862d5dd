// The demo catalogue: realistic feeds for cattle, pigs and poultry, minerals and
// supplementations. numArticle: 41xxxx cattle, 42xxxx pigs, 45xxxx/46xxxx poultry,
// 47xxxx minerals, 48xxxx supplementations.
import { DEPARTEMENT as D, FILIERE as F } from './reference'

export interface CatalogArticle {
  numArticle: string
  libelle: string
  codeTypeArticle: string
  codeSousTypeArticle: string
  typeAliment: string | null
  codeDepartement: string
  codeFamille: string
  codeCategorie: string
  codePresentation: 'VRAC' | 'SAC'
  codeFiliere: string | null
  commandableParDefaut: boolean
}

type Row = [num: string, libelle: string, type: string, sousType: string, typeAliment: string | null, dep: string, famille: string, categorie: string, pres: 'VRAC' | 'SAC', filiere: string | null, defaut?: boolean]

const ROWS: Row[] = [
  ['410101', 'VL Production 18 % vrac', 'A', 'AL', 'Complémentaire', D.BOVINS, '41010', '41000', 'VRAC', F.BOVINS_LAIT],
  ['410102', 'VL Production 22 % vrac', 'A', 'AL', 'Complémentaire', D.BOVINS, '41010', '41000', 'VRAC', F.BOVINS_LAIT],
  ['410103', 'VL Tarissement vrac', 'A', 'AL', 'Complémentaire', D.BOVINS, '41010', '41000', 'VRAC', F.BOVINS_LAIT],
  ['410104', 'Correcteur azoté 40 % vrac', 'A', 'AL', 'Correcteur', D.BOVINS, '41020', '41000', 'VRAC', F.BOVINS_LAIT],
  ['410105', 'VL Production 18 % (sac 25 kg)', 'A', 'AL', 'Complémentaire', D.BOVINS, '41010', '41000', 'SAC', F.BOVINS_LAIT],
  ['410106', 'Génisses croissance vrac', 'A', 'AL', 'Complet', D.BOVINS, '41030', '41000', 'VRAC', F.BOVINS_LAIT],
  ['410107', 'Veaux démarrage granulés (sac 25 kg)', 'A', 'AL', 'Complet', D.BOVINS, '41030', '41000', 'SAC', F.BOVINS_LAIT],
  ['410108', 'Taurillons engraissement vrac', 'A', 'AL', 'Complet', D.BOVINS, '41040', '41000', 'VRAC', F.BOVINS_VIANDE],
  ['410109', 'Vaches allaitantes complément vrac', 'A', 'AL', 'Complémentaire', D.BOVINS, '41040', '41000', 'VRAC', F.BOVINS_VIANDE],
  ['410110', 'Aliment veau lacté 1er âge (sac 25 kg)', 'A', 'AL', 'Lacté', D.BOVINS, '41030', '41000', 'SAC', F.BOVINS_LAIT],
  ['410111', 'Bovins finition vrac', 'A', 'AL', 'Complet', D.BOVINS, '41040', '41000', 'VRAC', F.BOVINS_VIANDE, false],
  ['410112', 'Correcteur colza 35 % vrac', 'A', 'AL', 'Correcteur', D.BOVINS, '41020', '41000', 'VRAC', F.BOVINS_LAIT, false],
  ['420101', 'Aliment porcelet sevrage (sac 25 kg)', 'A', 'AL', 'Complet', D.PORCS, '42010', '42000', 'SAC', F.PORCS],
  ['420102', 'Porcelet 2e âge vrac', 'A', 'AL', 'Complet', D.PORCS, '42010', '42000', 'VRAC', F.PORCS],
  ['420103', 'Porc croissance 1er âge', 'A', 'AL', 'Complet', D.PORCS, '42020', '42000', 'VRAC', F.PORCS],
  ['420104', 'Porc croissance 2e âge vrac', 'A', 'AL', 'Complet', D.PORCS, '42020', '42000', 'VRAC', F.PORCS],
  ['420105', 'Porc finition vrac', 'A', 'AL', 'Complet', D.PORCS, '42030', '42000', 'VRAC', F.PORCS],
  ['420106', 'Truie gestante vrac', 'A', 'AL', 'Complet', D.PORCS, '42040', '42000', 'VRAC', F.PORCS],
  ['420107', 'Truie allaitante vrac', 'A', 'AL', 'Complet', D.PORCS, '42040', '42000', 'VRAC', F.PORCS],
  ['420108', 'Verrat entretien (sac 25 kg)', 'A', 'AL', 'Complet', D.PORCS, '42040', '42000', 'SAC', F.PORCS],
  ['420109', 'Porc finition Label Rouge vrac', 'A', 'AL', 'Complet', D.PORCS, '42030', '42000', 'VRAC', F.PORCS, false],
  ['420110', 'Porcelet prestarter (sac 25 kg)', 'A', 'AL', 'Complet', D.PORCS, '42010', '42000', 'SAC', F.PORCS],
  ['420111', 'Porc croissance riche en fibres vrac', 'A', 'AL', 'Complet', D.PORCS, '42020', '42000', 'VRAC', F.PORCS],
  ['420112', 'Cochette préparation vrac', 'A', 'AL', 'Complet', D.PORCS, '42040', '42000', 'VRAC', F.PORCS, false],
  ['450101', 'Poulet démarrage miettes', 'A', 'AL', 'Complet', D.VOLAILLES, '45010', '45000', 'VRAC', F.VOLAILLES_CHAIR],
  ['450102', 'Poulet croissance granulés', 'A', 'AL', 'Complet', D.VOLAILLES, '45010', '45000', 'VRAC', F.VOLAILLES_CHAIR],
  ['450103', 'Poulet finition granulés', 'A', 'AL', 'Complet', D.VOLAILLES, '45010', '45000', 'VRAC', F.VOLAILLES_CHAIR],
  ['450104', 'Poulet retrait', 'A', 'AL', 'Complet', D.VOLAILLES, '45010', '45000', 'VRAC', F.VOLAILLES_CHAIR],
  ['450105', 'Dinde démarrage miettes', 'A', 'AL', 'Complet', D.VOLAILLES, '45020', '45000', 'VRAC', F.VOLAILLES_CHAIR],
  ['450106', 'Dinde croissance granulés', 'A', 'AL', 'Complet', D.VOLAILLES, '45020', '45000', 'VRAC', F.VOLAILLES_CHAIR],
  ['450107', 'Dinde finition granulés', 'A', 'AL', 'Complet', D.VOLAILLES, '45020', '45000', 'VRAC', F.VOLAILLES_CHAIR],
  ['450108', 'Canard croissance granulés', 'A', 'AL', 'Complet', D.VOLAILLES, '45030', '45000', 'VRAC', F.VOLAILLES_CHAIR],
  ['450201', 'Poulette démarrage miettes', 'A', 'AL', 'Complet', D.VOLAILLES, '45040', '45000', 'VRAC', F.VOLAILLES_PONTE],
  ['450202', 'Poulette croissance', 'A', 'AL', 'Complet', D.VOLAILLES, '45040', '45000', 'VRAC', F.VOLAILLES_PONTE],
  ['450203', 'Pondeuse pré-ponte', 'A', 'AL', 'Complet', D.VOLAILLES, '45050', '45000', 'VRAC', F.VOLAILLES_PONTE],
  ['450204', 'Pondeuse phase 1', 'A', 'AL', 'Complet', D.VOLAILLES, '45050', '45000', 'VRAC', F.VOLAILLES_PONTE],
  ['450205', 'Pondeuse phase 2', 'A', 'AL', 'Complet', D.VOLAILLES, '45050', '45000', 'VRAC', F.VOLAILLES_PONTE],
  ['450206', 'Poulet démarrage miettes (sac 25 kg)', 'A', 'AL', 'Complet', D.VOLAILLES, '45010', '45000', 'SAC', F.VOLAILLES_CHAIR],
  ['461101', 'Poussin Label démarrage miettes', 'A', 'AL', 'Complet', D.VOLAILLES, '46110', '46100', 'VRAC', F.VOLAILLES_CHAIR],
  ['461102', 'Pintade démarrage miettes', 'A', 'AL', 'Complet', D.VOLAILLES, '46110', '46100', 'VRAC', F.VOLAILLES_CHAIR],
  ['470101', 'Minéral vaches laitières 7-21 (sac 25 kg)', 'M', 'MI', null, D.MINERAUX, '47100', '47020', 'SAC', F.BOVINS_LAIT],
  ['470102', 'Minéral vaches laitières 7-21 vrac', 'M', 'MI', null, D.MINERAUX, '47100', '47020', 'VRAC', F.BOVINS_LAIT],
  ['470103', 'Minéral taries 5-25 (sac 25 kg)', 'M', 'MI', null, D.MINERAUX, '47100', '47020', 'SAC', F.BOVINS_LAIT],
  ['470104', 'Minéral porc engraissement', 'M', 'MI', null, D.MINERAUX, '47200', '47020', 'SAC', F.PORCS],
  ['470105', 'Minéral truies (sac 25 kg)', 'M', 'MI', null, D.MINERAUX, '47200', '47020', 'SAC', F.PORCS],
  ['470106', 'Carbonate de calcium vrac', 'M', 'MI', null, D.MINERAUX, '47900', '47010', 'VRAC', null],
  ['470107', 'Sel de mer (sac 25 kg)', 'M', 'MI', null, D.MINERAUX, '47900', '47010', 'SAC', null],
  ['470108', 'Bicarbonate de sodium (sac 25 kg)', 'M', 'MI', null, D.MINERAUX, '47900', '47010', 'SAC', null],
  ['470109', 'Phosphate bicalcique (sac 25 kg)', 'M', 'MI', null, D.MINERAUX, '47900', '47020', 'SAC', null],
  ['470110', 'Minéral vaches allaitantes 6-24 (sac 25 kg)', 'M', 'MI', null, D.MINERAUX, '47100', '47020', 'SAC', F.BOVINS_VIANDE],
  ['480101', 'Levure vivante', 'S', 'SU', null, D.SUPPLEMENTATIONS, '48100', '48000', 'VRAC', null],
  ['480102', 'Tampon ruminal', 'S', 'SU', null, D.SUPPLEMENTATIONS, '48100', '48000', 'VRAC', null],
  ['480103', 'Huiles essentielles', 'S', 'SU', null, D.SUPPLEMENTATIONS, '48100', '48000', 'VRAC', null],
  ['480104', 'Vitamine E et sélénium', 'S', 'SU', null, D.SUPPLEMENTATIONS, '48100', '48000', 'VRAC', null],
  ['481101', 'Lysine', 'GSU', 'AA', null, D.SUPPLEMENTATIONS, '48200', '48000', 'VRAC', null],
  ['481102', 'Méthionine', 'GSU', 'AA', null, D.SUPPLEMENTATIONS, '48200', '48000', 'VRAC', null],
  ['481103', 'Thréonine', 'GSU', 'AA', null, D.SUPPLEMENTATIONS, '48200', '48000', 'VRAC', null],
]

export const CATALOG: CatalogArticle[] = ROWS.map(([numArticle, libelle, codeTypeArticle, codeSousTypeArticle, typeAliment, codeDepartement, codeFamille, codeCategorie, codePresentation, codeFiliere, defaut]) => ({
  numArticle, libelle, codeTypeArticle, codeSousTypeArticle, typeAliment, codeDepartement, codeFamille, codeCategorie, codePresentation, codeFiliere,
  // MI + 47010 is never orderable (ordering-area §9); the flag says so too, for plain queries.
  commandableParDefaut: (defaut ?? true) && !(codeSousTypeArticle === 'MI' && codeCategorie === '47010'),
}))

const byNum = new Map(CATALOG.map((a) => [a.numArticle, a]))
export function article(numArticle: string): CatalogArticle {
  const found = byNum.get(numArticle)
  if (!found) throw new Error(`seed: unknown article ${numArticle}`)
  return found
}

/** Feeds other customers buy, by species. */
export const FEEDS_BY_SPECIES = {
  bovins: ['410101', '410102', '410104', '410106', '410108', '410109', '470101', '470102'],
  porcs: ['420102', '420103', '420104', '420105', '420106', '420107', '470104'],
  volailles: ['450101', '450102', '450103', '450105', '450106', '450202', '450204'],
} as const
