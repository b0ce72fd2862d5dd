// The synthetic cooperative's reference files: the demo's codes (seed/reference.ts), written as
// the cooperative would send them.
import * as r from '../../../contract/import/kinds-reference'
import { writeFile, type CellValue } from './csv-writer'

const rows = (...r: CellValue[][]) => r

export async function writeReference(folder: string, aujourdhui: string): Promise<number> {
  const year = Number(aujourdhui.slice(0, 4))
  const written = await Promise.all([
    writeFile(
      folder,
      r.departements,
      rows(
        ['41', 'Bovins'],
        ['42', 'Porcs'],
        ['45', 'Volailles'],
        ['46', 'Volailles (croissance lente)'],
        ['47', 'Minéraux'],
        ['48', 'Supplémentations'],
      ),
    ),
    writeFile(folder, r.presentations, rows(['VRAC', 'Vrac'], ['SAC', 'Sac'], ['BB', 'Big bag'])),
    writeFile(
      folder,
      r.filieres,
      rows(
        ['10', 'Bovins lait'],
        ['11', 'Bovins viande'],
        ['20', 'Porcs'],
        ['30', 'Ovins et caprins'],
        ['60', 'Volailles de chair'],
        ['67', 'Volailles pondeuses'],
      ),
    ),
    writeFile(
      folder,
      r.periodesLivraison,
      rows(
        ['JS', 'Début de journée', 1],
        ['JM', 'Matin', 2],
        ['JA', 'Après-midi', 3],
        ['JJ', 'Journée', 4],
        ['J1', 'Fin de journée', 5],
        ['ID', 'Indifférent', 6],
      ),
    ),
    writeFile(
      folder,
      r.typesSilo,
      rows(
        ['001', 'Silo 1', true, 1],
        ['002', 'Silo 2', true, 2],
        ['003', 'Silo 3', true, 3],
        ['004', 'Silo 4', true, 4],
        ['010', 'Cellule vrac', true, 10],
        ['020', 'Trémie', false, 20],
        ['040', 'Stockage sacs (palette)', true, 40],
        ['997', 'Autre', false, 997],
      ),
    ),
    writeFile(
      folder,
      r.modesCamion,
      rows(
        ['VIS', 'Camion souffleur', null, null, null, 27, null, 1],
        ['VISP', 'Camion souffleur', 'Petit camion', 'VIS', null, 17, null, 2],
        ['PNEU', 'Camion pneumatique', null, null, null, 27, null, 3],
        ['PNEUP', 'Camion pneumatique', 'Petit camion', 'PNEU', null, 17, null, 4],
        ['BENNE', 'Benne', null, null, 25, 29, 48, 5],
        ['FOND', 'Fond mouvant', null, null, 25, 27, 72, 6],
      ),
    ),
    writeFile(
      folder,
      r.modesReglement,
      rows(
        ['PRE30', 'Prélèvement à 30 jours', 0, 30, true],
        ['VIR45', 'Virement à 45 jours', 0, 45, false],
        ['CPT', 'Comptant', 1.5, 0, false],
      ),
    ),
    writeFile(
      folder,
      r.parametres,
      rows(
        ['DEFAULT', 'SAS', 'HORAIRE_COMMANDE', 'HEURE_PIVOT', '10:00:00', 'Heure pivot'],
        ['DEFAULT', 'SAS', 'DELAIS_COMMANDE', 'DELAIS_MAX', 'P1M', 'Horizon maximum de commande'],
        ['DEFAULT', 'SAS', 'COMMANDE_QTE', 'QTE_MAX_MINERAL', '15', 'Taux d’incorporation maximum des minéraux (%)'],
      ),
    ),
    writeFile(folder, r.feries, rows([`26/12/${year}`, 'Pont de Noël'], [`02/01/${year + 1}`, 'Inventaire annuel'])),
  ])
  return written.reduce((a, b) => a + b, 0)
}
