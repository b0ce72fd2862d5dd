// Every kind of file the import takes, in the order they are merged: a file's rows may point to
// the rows of the files above it (or to rows Silo already holds), never below.
import type { Kind } from './kind'
import * as a from './kinds-articles'
import * as f from './kinds-farms'
import * as h from './kinds-history'
import * as m from './kinds-members'
import * as r from './kinds-reference'

export const KINDS: readonly Kind[] = [
  r.departements,
  r.presentations,
  r.filieres,
  r.periodesLivraison,
  r.typesSilo,
  r.modesCamion,
  r.modesReglement,
  r.parametres,
  r.feries,
  m.tiers,
  m.comptes,
  m.portefeuilles,
  m.adresses,
  m.reglements,
  m.domiciliations,
  m.incidents,
  a.articles,
  a.contraintesArticles,
  a.supplements,
  a.mineraux,
  a.articlesAutorises,
  a.contraintesLivraison,
  a.incompatibilites,
  f.exploitations,
  f.batiments,
  f.lots,
  f.plans,
  f.tranches,
  f.contrats,
  h.livraisons,
  // The delivery lines last (they cite only deliveries and articles): the largest file is read
  // while the past orders are merged, instead of those merges waiting for it (a first import of
  // the synthetic cooperative alone on PostgreSQL 15: 23.5–24.8 s → 21.1–22.8 s).
  h.commandes,
  h.lignesCommande,
  h.etapesCommande,
  h.lignesLivraison,
]

export const kindOfFile = (fichier: string): Kind | undefined => KINDS.find((k) => k.fichier === fichier)
