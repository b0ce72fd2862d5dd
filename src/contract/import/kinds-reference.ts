// Reference data and settings the other files point to: departments, presentations, species
// branches, time slots, storage places, truck modes, payment modes, parameters, closed days.
import { booleen, code, date, decimal, entier, opt, texte } from './cells'
import { col, kind } from './kind'

const NO_STATE = 'Pas de colonne d’état : une ligne ne disparaît qu’avec `--complet`.'
const libelle = col(texte(120), 'Libellé affiché.')

export const departements = kind({
  fichier: 'departements.csv',
  titre: 'Départements d’articles',
  description: 'Les départements qui regroupent la liste des aliments (45 : volailles).',
  colonnes: { code: col(code(10), 'Code du département.'), libelle },
  cle: ['code'],
  suppression: NO_STATE,
  complet: true,
  exemples: [
    ['41', 'Bovins'],
    ['45', 'Volailles'],
  ],
})

export const presentations = kind({
  fichier: 'presentations.csv',
  titre: 'Présentations d’articles',
  description: 'Vrac, sac, big bag…',
  colonnes: { code: col(code(10), 'Code de la présentation (codePresentation).'), libelle },
  cle: ['code'],
  suppression: NO_STATE,
  complet: true,
  exemples: [
    ['VRAC', 'Vrac'],
    ['SAC', 'Sac'],
  ],
})

export const filieres = kind({
  fichier: 'filieres.csv',
  titre: 'Filières',
  description: 'Les filières d’espèces (codeFiliere) ; 60 et 67 sont les volailles.',
  colonnes: { code: col(code(10), 'Code de la filière.'), libelle },
  cle: ['code'],
  suppression: NO_STATE,
  complet: true,
  exemples: [
    ['10', 'Bovins lait'],
    ['60', 'Volailles de chair'],
  ],
})

export const periodesLivraison = kind({
  fichier: 'periodes-livraison.csv',
  titre: 'Périodes de livraison',
  description: 'Les créneaux (matinApmidi) : JS, JM, JA, JJ, J1, ID.',
  colonnes: {
    code: col(code(4), 'Code du créneau.'),
    libelle,
    ordre: col(entier(9999), 'Rang dans le sélecteur.'),
  },
  cle: ['code'],
  suppression: NO_STATE,
  complet: true,
  exemples: [
    ['JS', 'Début de journée', '1'],
    ['ID', 'Indifférent', '6'],
  ],
})

export const typesSilo = kind({
  fichier: 'types-silo.csv',
  titre: 'Lieux de stockage',
  description: 'Les types de silo ; 997 « Autre » demande un texte libre.',
  colonnes: {
    code: col(code(10), 'Code du lieu de stockage.'),
    libelle,
    parDefaut: col(booleen(), 'Proposé à tout bâtiment (« Afficher plus »).'),
    ordre: col(entier(9999), 'Rang dans le sélecteur.'),
  },
  cle: ['code'],
  suppression: NO_STATE,
  complet: true,
  exemples: [
    ['001', 'Silo 1', 'O', '1'],
    ['997', 'Autre', 'N', '997'],
  ],
})

export const modesCamion = kind({
  fichier: 'modes-camion.csv',
  titre: 'Modes camion',
  description: 'Une ligne par code ; l’option (petit camion) désigne le code qu’elle modifie.',
  colonnes: {
    code: col(code(10), 'Code du mode (codeModeCamion).'),
    libelle,
    libelleOption: col(opt(texte(120)), 'Libellé de la case à cocher de l’option.'),
    optionDe: col(opt(code(10)), 'Code du mode que l’option modifie.'),
    minQuantite: col(opt(decimal(99)), 'Quantité minimum (t).'),
    maxQuantite: col(opt(decimal(99)), 'Quantité maximum (t).'),
    delaiMinLivraison: col(opt(entier(9999)), 'Délai minimum de livraison (heures).'),
    ordre: col(entier(9999), 'Rang dans le sélecteur.'),
  },
  cle: ['code'],
  suppression: NO_STATE,
  complet: true,
  exemples: [
    ['VIS', 'Camion souffleur', '', '', '', '27', '', '1'],
    ['VISP', 'Camion souffleur', 'Petit camion', 'VIS', '', '17', '', '2'],
  ],
})

export const modesReglement = kind({
  fichier: 'modes-reglement.csv',
  titre: 'Modes de règlement',
  description: 'Le catalogue des modes de règlement de la coopérative.',
  colonnes: {
    codeRegt: col(code(10), 'Code du mode de règlement.'),
    libelle,
    tauxEscompte: col(decimal(100), 'Taux d’escompte (%).'),
    delaiEcheanceJours: col(entier(3650), 'Échéance : début de livraison + ce nombre de jours.'),
    avecDomiciliation: col(booleen(), 'Demande une domiciliation bancaire (prélèvement).'),
  },
  cle: ['codeRegt'],
  suppression: NO_STATE,
  complet: true,
  exemples: [
    ['PRE30', 'Prélèvement à 30 jours', '0', '30', 'O'],
    ['CPT', 'Comptant', '1,5', '0', 'N'],
  ],
})

export const parametres = kind({
  fichier: 'parametres.csv',
  titre: 'Paramètres de commande',
  description:
    'Les paramètres (jeu DEFAULT préfixe SAS, jeu CDEA préfixe CDE), valeurs écrites comme l’écran Paramètres les écrit.',
  colonnes: {
    jeu: col(code(10), 'Jeu : DEFAULT ou CDEA.'),
    prefix: col(code(10), 'Préfixe : SAS ou CDE.'),
    categorie: col(code(60), 'Catégorie (HORAIRE_COMMANDE…).'),
    code: col(code(60), 'Code (HEURE_PIVOT…).'),
    value: col(texte(200), 'Valeur (10:00:00, PT30M, 27…).'),
    libelle: col(opt(texte(200)), 'Libellé.'),
  },
  cle: ['jeu', 'categorie', 'code'],
  suppression: 'Jamais supprimé par l’import (`--complet` refusé) : un paramètre absent reprend sa valeur par défaut.',
  complet: false,
  exemples: [
    ['DEFAULT', 'SAS', 'HORAIRE_COMMANDE', 'HEURE_PIVOT', '10:00:00', 'Heure pivot'],
    ['DEFAULT', 'SAS', 'DELAIS_COMMANDE', 'DELAIS_MAX', 'P1M', 'Horizon maximum de commande'],
  ],
})

export const feries = kind({
  fichier: 'feries.csv',
  titre: 'Jours de fermeture',
  description:
    'Les jours où la coopérative ne livre pas, en plus des jours fériés nationaux que Silo calcule lui-même.',
  colonnes: { date: col(date(), 'Le jour.'), libelle },
  cle: ['date'],
  suppression: NO_STATE,
  complet: true,
  exemples: [
    ['26/12/2026', 'Pont de Noël'],
    ['2027-05-07', 'Pont de l’Ascension'],
  ],
})
