// Articles with their supplementations, minerals and constraints, and the per-customer
// orderable flags and delivery constraints that make every rule of the order form reachable.
import {
  articleContraintes,
  articleMineraux,
  articles,
  articlesCommandables,
  articleSupplementations,
  contraintesLivraison,
  incompatibilitesAdresse,
} from '../db/schema'
import { CATALOG } from './article-catalog'
import { insertAll, type Tx } from './batch'
import { DEMO } from './demo'
import { instantOn } from './rng'

const WORKDAYS = {
  lundi: true,
  mardi: true,
  mercredi: true,
  jeudi: true,
  vendredi: true,
  samedi: false,
  dimanche: false,
}

export async function seedArticles(tx: Tx, today: string) {
  await insertAll(
    tx,
    articles,
    CATALOG.map((a) => ({ ...a, libelleLong: a.libelle, codeUniteArticle: 'T' })),
  )

  // Cattle feeds take SU supplementations (one per group); pig feeds take AA amino acids
  // (only one allowed). 420103 offers both, so 'Supplémentations incompatibles' can be reached.
  const su = [
    ['480101', 'LEVURE'],
    ['480102', 'TAMPON'],
    ['480103', 'PHYTO'],
    ['480104', 'VITAMINE'],
  ]
  const aa = ['481101', '481102', '481103']
  await insertAll(tx, articleSupplementations, [
    ...['410101', '410102', '410105'].flatMap((numArticle) =>
      su.map(([s, groupe]) => ({ numArticle, numArticleSupplementation: s!, groupe: groupe! })),
    ),
    ...['410106', '410108'].map((numArticle) => ({
      numArticle,
      numArticleSupplementation: '480101',
      groupe: 'LEVURE',
    })),
    ...['420103', '420104', '420105'].flatMap((numArticle) =>
      aa.map((s) => ({ numArticle, numArticleSupplementation: s, groupe: 'AA' })),
    ),
    { numArticle: '420103', numArticleSupplementation: '480103', groupe: 'PHYTO' },
    { numArticle: '420103', numArticleSupplementation: '480104', groupe: 'VITAMINE' },
  ])
  await insertAll(tx, articleMineraux, [
    ...['410101', '410102', '410104'].flatMap((numArticle) =>
      ['470102', '470106', '470109'].map((m) => ({ numArticle, numArticleMineral: m })),
    ),
    ...['420104', '420105'].map((numArticle) => ({ numArticle, numArticleMineral: '470104' })),
  ])
  await insertAll(tx, articleContraintes, [
    { numArticle: '410101', quantiteMin: 2, quantiteMax: 29, quantiteMaxMineral: 15 },
    { numArticle: '410102', quantiteMin: 2, quantiteMax: 29, quantiteMaxMineral: 10 },
    { numArticle: '410104', quantiteMin: 1, quantiteMax: 15, quantiteMaxMineral: 15 },
    // min = max: the quantity must equal 1 t ('Veuillez renseigner une valeur égale à 1 t').
    { numArticle: '410107', quantiteMin: 1, quantiteMax: 1, quantiteMaxMineral: null },
    { numArticle: '420101', quantiteMin: 0.5, quantiteMax: 3, quantiteMaxMineral: null },
    { numArticle: '420105', quantiteMin: 2.5, quantiteMax: 29, quantiteMaxMineral: 12 },
    { numArticle: '470101', quantiteMin: 0.5, quantiteMax: 5, quantiteMaxMineral: null },
    { numArticle: '450102', quantiteMin: 5, quantiteMax: 29, quantiteMaxMineral: null },
  ])
  const adminAt = instantOn(today, 9)
  await insertAll(tx, articlesCommandables, [
    // From the cooperative's system: 100001 no longer buys these (disabled 'Ajouter' in history).
    { numTiers: DEMO.eleveur, numArticle: '410103', artCommandable: false },
    { numTiers: DEMO.eleveur, numArticle: '420108', artCommandable: false },
    { numTiers: DEMO.eleveur, numArticle: '410109', artCommandable: false },
    // Added by staff, not yet ordered ('Articles ajoutés manuellement mais non encore commandés').
    { numTiers: DEMO.eleveur, numArticle: '410112', artCommandable: true, setBy: DEMO.admin, setAt: adminAt },
    { numTiers: DEMO.volailles, numArticle: '450206', artCommandable: false },
  ])
  await insertAll(tx, contraintesLivraison, [
    // Bagged minerals at the pig site: 3 business days, Monday to Thursday only.
    { numArticle: '470101', numTiers: DEMO.eleveur, numAdr: 2, delaisMinJoursOuvres: 3, ...WORKDAYS, vendredi: false },
    // Piglet feed: Tuesday and Thursday rounds only.
    {
      numArticle: '420101',
      numTiers: DEMO.eleveur,
      numAdr: 2,
      delaisMinJoursOuvres: 2,
      ...WORKDAYS,
      lundi: false,
      mercredi: false,
      vendredi: false,
    },
    {
      numArticle: '420101',
      numTiers: DEMO.eleveur,
      numAdr: 1,
      delaisMinJoursOuvres: 2,
      ...WORKDAYS,
      lundi: false,
      mercredi: false,
      vendredi: false,
    },
    { numArticle: '410101', numTiers: DEMO.eleveur, numAdr: 1, delaisMinJoursOuvres: 1, ...WORKDAYS, samedi: true },
    { numArticle: '410104', numTiers: DEMO.eleveur, numAdr: 1, delaisMinJoursOuvres: 4, ...WORKDAYS },
    // Ends on Friday only: with 420101 (Tue/Thu) no common weekday remains.
    {
      numArticle: '470102',
      numTiers: DEMO.eleveur,
      numAdr: 2,
      delaisMinJoursOuvres: 2,
      lundi: false,
      mardi: false,
      mercredi: false,
      jeudi: false,
      vendredi: true,
      samedi: false,
      dimanche: false,
    },
  ])
  await insertAll(tx, incompatibilitesAdresse, [
    {
      numArticle: '470104',
      numTiers: DEMO.eleveur,
      numAdr: 3,
      motif: 'Site sous cahier des charges agriculture biologique',
    },
    {
      numArticle: '470101',
      numTiers: DEMO.eleveur,
      numAdr: 3,
      motif: 'Site sous cahier des charges agriculture biologique',
    },
  ])
}
