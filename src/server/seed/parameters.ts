// The business parameters with the spec's defaults (cart-orders-admin §3 and §9), banner
// messages around today, and the contextual help texts.
import { helpTexts, messagesBandeau, parametres } from '../db/schema'
import { insertAll, type Tx } from './batch'
import { addDays } from './rng'

type Param = [categorie: string, code: string, value: string, libelle: string]

const DEFAULT_SET: Param[] = [
  ['HORAIRE_COMMANDE', 'HEURE_PIVOT', '10:00:00', 'Heure pivot (commande pour le lendemain avant cette heure)'],
  [
    'HORAIRE_COMMANDE',
    'DELAIS_HEURE_PIVOT',
    'PT30M',
    "Délai supplémentaire pour les sessions ouvertes avant l'heure pivot",
  ],
  ['DELAIS_COMMANDE', 'ECART_DATE', 'P5D', 'Écart maximum entre les deux dates de livraison'],
  ['DELAIS_COMMANDE', 'DELAIS_MAX', 'P1M', 'Horizon maximum de commande'],
  ['DELAIS_COMMANDE', 'DELAIS_ALERTE', 'P5D', "Délai d'alerte de période anticipée"],
  ['MODE_CAMION_QTE', 'VIS_MAX', '27', 'Camion souffleur : quantité maximum (t)'],
  ['MODE_CAMION_QTE', 'VISP_MAX', '17', 'Petit camion souffleur : quantité maximum (t)'],
  ['MODE_CAMION_QTE', 'PNEU_MAX', '27', 'Camion pneumatique : quantité maximum (t)'],
  ['MODE_CAMION_QTE', 'PNEUP_MAX', '17', 'Petit camion pneumatique : quantité maximum (t)'],
  ['MODE_CAMION_QTE', 'BENNE_MIN', '25', 'Benne : quantité minimum (t)'],
  ['MODE_CAMION_QTE', 'BENNE_MAX', '29', 'Benne : quantité maximum (t)'],
  ['MODE_CAMION_QTE', 'FOND_MIN', '25', 'Fond mouvant : quantité minimum (t)'],
  ['MODE_CAMION_QTE', 'FOND_MAX', '27', 'Fond mouvant : quantité maximum (t)'],
  ['MODE_CAMION_DELAI_LIVR', 'FOND', '72', 'Fond mouvant : délai de livraison (h)'],
  ['MODE_CAMION_DELAI_LIVR', 'BENNE', '48', 'Benne : délai de livraison (h)'],
  ['COMMANDE_QTE', 'QTE_MAX_MINERAL', '15', "Taux d'incorporation maximum des minéraux (%)"],
]

const CDEA_SET: Param[] = [
  ['PARAMS_APPLI', 'DELAI_ALERTE_FERIES', '15', 'Bandeau des jours fériés : nombre de jours avant'],
]

export async function seedParameters(tx: Tx) {
  await insertAll(tx, parametres, [
    ...DEFAULT_SET.map(([categorie, code, value, libelle]) => ({
      jeu: 'DEFAULT',
      prefix: 'SAS',
      categorie,
      code,
      value,
      libelle,
    })),
    ...CDEA_SET.map(([categorie, code, value, libelle]) => ({
      jeu: 'CDEA',
      prefix: 'CDE',
      categorie,
      code,
      value,
      libelle,
    })),
  ])
}

export async function seedMessages(tx: Tx, today: string) {
  await insertAll(tx, messagesBandeau, [
    {
      texte: 'Assemblée générale de section le 12 à 14 h à la salle des fêtes : venez nombreux.',
      dateDebut: addDays(today, -60),
      dateFin: addDays(today, -40),
    },
    {
      texte: 'Travaux à l’usine : livraisons de minéraux en sacs retardées de 48 h.',
      dateDebut: addDays(today, -30),
      dateFin: addDays(today, -25),
    },
    {
      texte: 'Jours fériés à venir : pensez à anticiper vos commandes d’aliments.',
      dateDebut: addDays(today, -3),
      dateFin: addDays(today, 10),
    },
    {
      texte: 'Nouveau : l’aliment VL Production 22 % est disponible en vrac.',
      dateDebut: addDays(today, 7),
      dateFin: addDays(today, 20),
    },
  ])
}

export async function seedHelpTexts(tx: Tx) {
  await insertAll(tx, helpTexts, [
    {
      pageKey: 'HISTORIQUE',
      texte:
        'Retrouvez vos commandes livrées des 3 derniers mois ou vos 12 dernières livraisons, extensible à 18 mois. La duplication ne fonctionne pas pour tous les articles : les aliments volailles se commandent par le menu Lots & plans, et la liste des aliments commandables est dans le menu Aliments.',
    },
    {
      pageKey: 'VALID-PANIER',
      texte:
        'Vérifiez vos lignes, les dates et les lieux de stockage, puis passez à l’étape suivante pour choisir le mode de règlement.',
    },
    {
      pageKey: 'COMMENTAIRE_PANIER',
      texte:
        'Ce commentaire est destiné au service logistique (80 caractères au maximum). Les indications de date de livraison n’y sont pas prises en compte.',
    },
    {
      pageKey: 'VALID-COMMANDE',
      texte:
        'Le mode de règlement proposé par défaut peut être modifié ligne par ligne, puis dupliqué sur les autres lignes de la commande.',
    },
    {
      pageKey: 'COMMANDE',
      texte:
        'Une commande suit les étapes : en attente de validation, valorisée, en logistique, livrée, facturée (ou supprimée).',
    },
  ])
}
