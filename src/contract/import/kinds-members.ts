// Members (tiers), their accounts, delivery addresses, payment modes, bank domiciliations and
// payment incidents (ordering-area §3 Customer, Address, Payment incident).
import { REGLES } from '../identifiants'
import { booleen, code, date, entier, identifiant, liste, opt, parmi, texte } from './cells'
import { col, kind } from './kind'

const NO_STATE = 'Pas de colonne d’état : une ligne ne disparaît qu’avec `--complet`.'
const numTiers = col(identifiant(REGLES.numTiers), 'Numéro du tiers (tiers.csv ou déjà dans Silo).')

export const tiers = kind({
  fichier: 'tiers.csv',
  titre: 'Tiers (adhérents et clients)',
  description: 'Un tiers par ligne. Son compte de connexion est dans comptes.csv.',
  colonnes: {
    numTiers: col(identifiant(REGLES.numTiers), 'Numéro du tiers : l’identifiant de connexion de l’adhérent.'),
    raisonSociale: col(texte(120), 'Raison sociale affichée en tête de page.'),
    typeTiers: col(parmi(['ADH', 'CLI']), 'ADH adhérent, CLI client de la filiale.'),
    numEntite: col(code(10), 'Entité de vente (AGR).'),
    email: col(opt(texte(200)), 'Adresse électronique du tiers.'),
    region: col(opt(texte(80)), 'Région.'),
  },
  cle: ['numTiers'],
  suppression:
    '`--complet` seulement ; refusé pour un tiers qui a des commandes. Ses adresses, contrats, lots… partent avec lui.',
  complet: true,
  exemples: [
    ['100001', 'GAEC DES TROIS CHÊNES', 'ADH', 'AGR', 'gaec.troischenes@example.org', 'Bretagne'],
    ['100245', 'EARL LE GALL', 'ADH', 'AGR', '', 'Normandie'],
  ],
})

export const comptes = kind({
  fichier: 'comptes.csv',
  titre: 'Comptes de connexion',
  description:
    'Le compte d’un adhérent porte son numéro de tiers. Un compte importé n’a pas de mot de passe : ' +
    'il le choisit avec le lien de première connexion que le personnel lui envoie par courriel (écran Accès de l’adhérent), ' +
    'ou se connecte par OpenID Connect. ' +
    'L’import ne touche jamais un mot de passe.',
  colonnes: {
    username: col(code(60), 'Identifiant : le numéro de tiers pour un adhérent.'),
    displayName: col(texte(120), 'Nom affiché.'),
    email: col(opt(texte(200)), 'Adresse électronique du compte.'),
    roles: col(
      liste(60),
      'Rôles séparés par | (COM_ALI_LECTURE_PERSONNELLE|COM_ALI_ECRITURE_PERSONNELLE pour un adhérent).',
    ),
  },
  cle: ['username'],
  suppression:
    'Jamais supprimé par l’import (`--complet` refusé) : retirer ses rôles (colonne roles vide) ferme l’accès.',
  complet: false,
  exemples: [
    [
      '100001',
      'GAEC des Trois Chênes',
      'gaec.troischenes@example.org',
      'COM_ALI_LECTURE_PERSONNELLE|COM_ALI_ECRITURE_PERSONNELLE',
    ],
    ['100245', 'EARL Le Gall', '', 'COM_ALI_LECTURE_PERSONNELLE|COM_ALI_ECRITURE_PERSONNELLE'],
  ],
})

export const portefeuilles = kind({
  fichier: 'portefeuilles.csv',
  titre: 'Portefeuilles des conseillers',
  description:
    'Les adhérents de chaque conseiller qui n’a, comme rôle du personnel, que COM_ALI_ECRITURE_PORTEFEUILLE : ' +
    'il ne cherche, ne choisit, ne consulte et ne commande que pour les adhérents de son portefeuille. ' +
    'Le personnel qui a un autre rôle du personnel (COM_ALI_ECRITURE_TOUS, COM_ALI_ECRITURE_REGION, COM_ALI_ADMIN_METIER…) ' +
    'agit pour tout adhérent : ses lignes ici ne le limitent pas. ' +
    'Un adhérent retiré du portefeuille l’est dès l’import : une commande préparée pour lui et envoyée ensuite est refusée.',
  colonnes: {
    username: col(
      code(60),
      'Identifiant du compte du conseiller (comptes.csv, `npm run personnel` ou déjà dans Silo).',
    ),
    numTiers,
  },
  cle: ['username', 'numTiers'],
  suppression: `${NO_STATE} Une ligne disparaît aussi avec son tiers.`,
  complet: true,
  exemples: [
    ['conseiller', '100001'],
    ['conseiller', '100245'],
  ],
})

export const adresses = kind({
  fichier: 'adresses.csv',
  titre: 'Adresses de livraison',
  description: 'Les adresses de livraison d’un tiers, numérotées dans le tiers (numAdr).',
  colonnes: {
    numTiers,
    numAdr: col(entier(99999), 'Numéro de l’adresse dans le tiers.'),
    etat: col(parmi(['A', 'S']), 'A active, S supprimée (plus jamais proposée).'),
    adresse1: col(opt(texte(120)), 'Ligne 1.'),
    adresse2: col(opt(texte(120)), 'Ligne 2.'),
    adresse3: col(opt(texte(120)), 'Ligne 3.'),
    codePostal: col(code(10), 'Code postal.'),
    ville: col(texte(80), 'Ville.'),
  },
  cle: ['numTiers', 'numAdr'],
  suppression:
    'Colonne etat : S retire l’adresse des livraisons et garde l’historique. `--complet` la supprime (refusé si des commandes la citent).',
  complet: true,
  exemples: [
    ['100001', '1', 'A', 'GAEC des Trois Chênes', 'Lieu-dit Les Trois Chênes', '', '35160', 'Montfort-sur-Meu'],
    ['100001', '4', 'S', 'Ancien site', 'La Métairie', '', '35310', 'Mordelles'],
  ],
})

export const reglements = kind({
  fichier: 'reglements.csv',
  titre: 'Modes de règlement des tiers',
  description: 'Les modes qu’un tiers peut choisir, et celui proposé par défaut.',
  colonnes: {
    numTiers,
    codeRegt: col(code(10), 'Mode de règlement (modes-reglement.csv ou déjà dans Silo).'),
    parDefaut: col(booleen(), 'Mode proposé par défaut.'),
  },
  cle: ['numTiers', 'codeRegt'],
  suppression: NO_STATE,
  complet: true,
  exemples: [
    ['100001', 'PRE30', 'O'],
    ['100001', 'CPT', 'N'],
  ],
})

export const domiciliations = kind({
  fichier: 'domiciliations.csv',
  titre: 'Domiciliations bancaires',
  description: 'Les comptes de prélèvement d’un tiers.',
  colonnes: {
    numDomiciliationBancaire: col(entier(), 'Numéro de la domiciliation.'),
    numTiers,
    numeroCompte: col(texte(60), 'Compte (masqué : FR76 **** 1234).'),
    nomBanque: col(texte(80), 'Banque.'),
  },
  cle: ['numDomiciliationBancaire'],
  suppression: NO_STATE,
  complet: true,
  exemples: [
    ['1000', '100001', 'FR76 **** **** 4521', 'Crédit Agricole'],
    ['1001', '100001', 'FR76 **** **** 7710', 'Banque Populaire'],
  ],
})

export const incidents = kind({
  fichier: 'incidents.csv',
  titre: 'Incidents de paiement',
  description: 'Un incident bloquant non levé affiche « Contentieux » et déconnecte l’adhérent.',
  colonnes: {
    numTiers,
    dateIncident: col(date(), 'Date de l’incident : avec numTiers, la clé.'),
    bloquant: col(booleen(), 'Incident bloquant.'),
    libelle: col(opt(texte(200)), 'Libellé.'),
    dateLevee: col(opt(date()), 'Date de levée : l’incident ne bloque plus.'),
  },
  cle: ['numTiers', 'dateIncident'],
  suppression: 'Colonne dateLevee : un incident levé ne bloque plus. `--complet` supprime les incidents absents.',
  complet: true,
  exemples: [
    ['100003', '02/11/2026', 'O', 'Impayé échéance octobre', ''],
    ['100245', '15/03/2026', 'N', 'Retard de paiement', '30/03/2026'],
  ],
})
