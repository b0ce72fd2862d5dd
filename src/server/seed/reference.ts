// Reference data: departments, presentations, species branches, time slots, silo types, truck
// modes, predefined comments. The national public holidays are not stored: src/domain computes
// them; the jours_feries table holds only the cooperative's own closed days (none in the demo).
import {
  commentairesPredefinis,
  departements,
  filieres,
  modesCamion,
  periodesLivraison,
  presentationsArticles,
  typesSilo,
} from '../db/schema'
import { insertAll, type Tx } from './batch'

/** Species branches. The building field shows for branch absent, 60 or 67 (the poultry ones). */
export const FILIERE = {
  BOVINS_LAIT: '10',
  BOVINS_VIANDE: '11',
  PORCS: '20',
  OVINS: '30',
  VOLAILLES_CHAIR: '60',
  VOLAILLES_PONTE: '67',
} as const

/** Departments; 45 is poultry (with the branch, it decides whether the building field shows). */
export const DEPARTEMENT = {
  BOVINS: '41',
  PORCS: '42',
  VOLAILLES: '45',
  MINERAUX: '47',
  SUPPLEMENTATIONS: '48',
} as const

export async function seedReference(tx: Tx) {
  await insertAll(tx, departements, [
    { code: DEPARTEMENT.BOVINS, libelle: 'Bovins' },
    { code: DEPARTEMENT.PORCS, libelle: 'Porcs' },
    { code: DEPARTEMENT.VOLAILLES, libelle: 'Volailles' },
    { code: DEPARTEMENT.MINERAUX, libelle: 'Minéraux' },
    { code: DEPARTEMENT.SUPPLEMENTATIONS, libelle: 'Supplémentations' },
  ])
  await insertAll(tx, presentationsArticles, [
    { code: 'VRAC', libelle: 'Vrac' },
    { code: 'SAC', libelle: 'Sac' },
    { code: 'BB', libelle: 'Big bag' },
  ])
  await insertAll(tx, filieres, [
    { code: FILIERE.BOVINS_LAIT, libelle: 'Bovins lait' },
    { code: FILIERE.BOVINS_VIANDE, libelle: 'Bovins viande' },
    { code: FILIERE.PORCS, libelle: 'Porcs' },
    { code: FILIERE.OVINS, libelle: 'Ovins et caprins' },
    { code: FILIERE.VOLAILLES_CHAIR, libelle: 'Volailles de chair' },
    { code: FILIERE.VOLAILLES_PONTE, libelle: 'Volailles pondeuses' },
  ])
  // Start and end slots share one list; ID (Indifférent) is the default slot.
  await insertAll(tx, periodesLivraison, [
    { code: 'JS', libelle: 'Début de journée', ordre: 1 },
    { code: 'JM', libelle: 'Matin', ordre: 2 },
    { code: 'JA', libelle: 'Après-midi', ordre: 3 },
    { code: 'JJ', libelle: 'Journée', ordre: 4 },
    { code: 'J1', libelle: 'Fin de journée', ordre: 5 },
    { code: 'ID', libelle: 'Indifférent', ordre: 6 },
  ])
  await insertAll(tx, typesSilo, [
    { code: '001', libelle: 'Silo 1', parDefaut: true, ordre: 1 },
    { code: '002', libelle: 'Silo 2', parDefaut: true, ordre: 2 },
    { code: '003', libelle: 'Silo 3', parDefaut: true, ordre: 3 },
    { code: '004', libelle: 'Silo 4', parDefaut: true, ordre: 4 },
    { code: '005', libelle: 'Silo 5', ordre: 5 },
    { code: '006', libelle: 'Silo 6', ordre: 6 },
    { code: '010', libelle: 'Cellule vrac', parDefaut: true, ordre: 10 },
    { code: '020', libelle: 'Trémie', ordre: 20 },
    { code: '030', libelle: 'Case à aliment', ordre: 30 },
    { code: '040', libelle: 'Stockage sacs (palette)', parDefaut: true, ordre: 40 },
    { code: '997', libelle: 'Autre', ordre: 997 },
  ])
  // One row per resulting code; the option checkbox turns VIS into VISP and PNEU into PNEUP.
  await insertAll(tx, modesCamion, [
    {
      code: 'VIS',
      libelle: 'Camion souffleur',
      libelleOption: null,
      optionDe: null,
      minQuantite: null,
      maxQuantite: 27,
      delaiMinLivraison: null,
      ordre: 1,
    },
    {
      code: 'VISP',
      libelle: 'Camion souffleur',
      libelleOption: 'Petit camion',
      optionDe: 'VIS',
      minQuantite: null,
      maxQuantite: 17,
      delaiMinLivraison: null,
      ordre: 2,
    },
    {
      code: 'PNEU',
      libelle: 'Camion pneumatique',
      libelleOption: null,
      optionDe: null,
      minQuantite: null,
      maxQuantite: 27,
      delaiMinLivraison: null,
      ordre: 3,
    },
    {
      code: 'PNEUP',
      libelle: 'Camion pneumatique',
      libelleOption: 'Petit camion',
      optionDe: 'PNEU',
      minQuantite: null,
      maxQuantite: 17,
      delaiMinLivraison: null,
      ordre: 4,
    },
    {
      code: 'BENNE',
      libelle: 'Benne',
      libelleOption: null,
      optionDe: null,
      minQuantite: 25,
      maxQuantite: 29,
      delaiMinLivraison: 48,
      ordre: 5,
    },
    {
      code: 'FOND',
      libelle: 'Fond mouvant',
      libelleOption: null,
      optionDe: null,
      minQuantite: 25,
      maxQuantite: 27,
      delaiMinLivraison: 72,
      ordre: 6,
    },
  ])
  await insertAll(tx, commentairesPredefinis, [
    { codeTypeSilo: null, libelle: 'Prévenir avant livraison', ordre: 1 },
    { codeTypeSilo: null, libelle: 'Accès difficile pour un grand camion', ordre: 2 },
    { codeTypeSilo: '040', libelle: 'Déposer les sacs sous le hangar', ordre: 3 },
    { codeTypeSilo: null, libelle: 'Livraison possible en mon absence', ordre: 4 },
  ])
}
