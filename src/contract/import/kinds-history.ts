// What already happened: deliveries with their lines (the Historique), and the internet orders
// with their lines and the steps each line went through (Commandes internet).
import { REGLES } from '../identifiants'
import { booleen, code, date, decimal, entier, identifiant, instant, liste, opt, parmi, texte } from './cells'
import { col, kind } from './kind'

const ETAPES = [
  'ENREGISTREE',
  'VALORISEE',
  'PREPAREE',
  'LOGISTIQUE',
  'LIVREE',
  'FACTUREE',
  'SUPPRIMEE',
  'ERREUR',
] as const
const numero = col(identifiant(REGLES.numCommande), 'Numéro de la commande (commandes.csv ou déjà dans Silo).')
const idLigne = col(identifiant(REGLES.idLigne), 'Ligne dans la commande (001, 002…).')

export const livraisons = kind({
  fichier: 'livraisons.csv',
  titre: 'Livraisons',
  description: 'L’en-tête d’une livraison (un bon de livraison). Ses lignes sont dans lignes-livraison.csv.',
  colonnes: {
    numLivraison: col(identifiant(REGLES.numLivraison), 'Numéro du bon de livraison.'),
    numTiers: col(identifiant(REGLES.numTiers), 'Tiers livré (tiers.csv ou déjà dans Silo).'),
    dateEffectiveLivraison: col(date(), 'Jour de la livraison.'),
    codeModeCamion: col(opt(code(10)), 'Mode camion.'),
  },
  cle: ['numLivraison'],
  suppression: '`--complet` seulement : ses lignes partent avec elle.',
  complet: true,
  exemples: [
    ['BL0001234', '100001', '12/11/2026', 'VIS'],
    ['BL0001235', '100245', '2026-11-13', 'PNEU'],
  ],
})

export const lignesLivraison = kind({
  fichier: 'lignes-livraison.csv',
  titre: 'Lignes de livraison',
  description: 'Les articles livrés : ce que l’Historique montre et que l’adhérent peut recommander.',
  colonnes: {
    numLivraison: col(identifiant(REGLES.numLivraison), 'Bon de livraison (livraisons.csv ou déjà dans Silo).'),
    numLigne: col(entier(9999), 'Ligne dans la livraison.'),
    numArticle: col(identifiant(REGLES.numArticle), 'Article (articles.csv ou déjà dans Silo).'),
    quantiteLivree: col(decimal(), 'Quantité livrée (t).'),
    numAdresse: col(opt(entier(99999)), 'Adresse de livraison ; vide : la ligne ne peut pas être dupliquée.'),
    numExploitation: col(opt(entier()), 'Exploitation.'),
    numBatiment: col(opt(entier()), 'Bâtiment.'),
    numLot: col(opt(identifiant(REGLES.numLot)), 'Lot.'),
    numCommande: col(opt(identifiant(REGLES.numCommande)), 'Commande d’origine.'),
  },
  cle: ['numLivraison', 'numLigne'],
  suppression: '`--complet` seulement.',
  complet: true,
  exemples: [
    ['BL0001234', '1', '410101', '12,5', '1', '1', '11', '', ''],
    ['BL0001234', '2', '470101', '1,5', '2', '', '', '', '700012'],
  ],
})

export const commandes = kind({
  fichier: 'commandes.csv',
  titre: 'Commandes internet (en-têtes)',
  description:
    'Les commandes passées avant Silo ou ailleurs, pour les Commandes internet. Elles ne repartent pas dans le flux vers l’ERP : elles en viennent.',
  colonnes: {
    numero: col(identifiant(REGLES.numCommande), 'Numéro de la commande.'),
    numTiers: col(identifiant(REGLES.numTiers), 'Tiers (tiers.csv ou déjà dans Silo).'),
    date: col(instant(), 'Envoyée le (heure de Paris sans décalage écrit).'),
    username: col(opt(code(60)), 'Envoyée par (le tiers, ou le conseiller).'),
    commentaire: col(opt(texte(200)), 'Commentaire de l’en-tête.'),
  },
  cle: ['numero'],
  suppression: '`--complet` seulement : ses lignes et étapes partent avec elle.',
  complet: true,
  exemples: [
    ['700001', '100001', '05/01/2026 08:15', '100001', ''],
    ['700002', '100002', '2026-02-10T09:30:00+01:00', 'conseiller', 'Prévenir avant livraison'],
  ],
})

export const lignesCommande = kind({
  fichier: 'lignes-commande.csv',
  titre: 'Lignes de commande',
  description: 'Les lignes d’une commande et leur étape actuelle (l’historique des étapes : etapes-commande.csv).',
  colonnes: {
    numero,
    idLigne,
    etape: col(parmi(ETAPES), 'Étape actuelle.'),
    numArticle: col(identifiant(REGLES.numArticle), 'Article (articles.csv ou déjà dans Silo).'),
    libelleArticle: col(opt(texte(120)), 'Libellé ; vide : celui de l’article.'),
    codeTypeArticle: col(opt(code(4)), 'Type ; vide : celui de l’article.'),
    quantiteCommande: col(decimal(), 'Quantité (t).'),
    numAdresse: col(opt(entier(99999)), 'Adresse de livraison.'),
    datePrevueLivraison: col(date(), 'Livraison au plus tôt.'),
    finDatePrevueLivraison: col(date(), 'Livraison au plus tard.'),
    matinApmidi: col(code(4), 'Créneau de début (periodes-livraison.csv ou déjà dans Silo).'),
    finMatinApmidi: col(code(4), 'Créneau de fin.'),
    codeModeCamion: col(code(10), 'Mode camion (modes-camion.csv ou déjà dans Silo).'),
    codeTypeSilo1: col(opt(code(10)), 'Lieu de stockage 1.'),
    codeTypeSilo2: col(opt(code(10)), 'Lieu de stockage 2.'),
    codeTypeSilo3: col(opt(code(10)), 'Lieu de stockage 3.'),
    melangeDechargement: col(booleen(), 'Mélanger au déchargement.'),
    numContrat: col(opt(identifiant(REGLES.numContrat)), 'Contrat.'),
    numLot: col(opt(identifiant(REGLES.numLot)), 'Lot.'),
    numBatiment: col(opt(entier()), 'Bâtiment.'),
    numExploitation: col(opt(entier()), 'Exploitation.'),
    codeReglement: col(opt(code(10)), 'Mode de règlement.'),
    commentaire: col(opt(texte(400)), 'Commentaire de la ligne.'),
    supplementations: col(liste(20, REGLES.numArticle), 'Supplémentations choisies, séparées par | (articles).'),
  },
  cle: ['numero', 'idLigne'],
  suppression: 'Colonne etape : SUPPRIMEE. `--complet` supprime les lignes absentes.',
  complet: true,
  exemples: [
    [
      '700001',
      '001',
      'FACTUREE',
      '410101',
      '',
      '',
      '12',
      '1',
      '07/01/2026',
      '09/01/2026',
      'ID',
      'ID',
      'VIS',
      '002',
      '',
      '',
      'N',
      '',
      '',
      '',
      '',
      'PRE30',
      '',
      '480101',
    ],
    [
      '700002',
      '001',
      'LIVREE',
      '450101',
      'Poulet démarrage miettes vrac',
      'A',
      '6',
      '1',
      '12/02/2026',
      '13/02/2026',
      'JS',
      'JJ',
      'VIS',
      '001',
      '',
      '',
      'N',
      '',
      'VL10231',
      '31',
      '3',
      '',
      '',
      '',
    ],
  ],
})

export const etapesCommande = kind({
  fichier: 'etapes-commande.csv',
  titre: 'Étapes des lignes de commande',
  description: 'Chaque étape qu’une ligne a franchie, avec quand (une fois par étape et par ligne).',
  colonnes: {
    numero,
    idLigne,
    etape: col(parmi(ETAPES), 'L’étape : avec la ligne, la clé.'),
    at: col(instant(), 'Franchie le.'),
    quantiteLivree: col(opt(decimal()), 'LIVREE : quantité livrée (t).'),
    dateLivraison: col(opt(date()), 'LIVREE : jour de livraison.'),
    numLivraison: col(opt(identifiant(REGLES.numLivraison)), 'LIVREE : bon de livraison.'),
  },
  cle: ['numero', 'idLigne', 'etape'],
  suppression: '`--complet` seulement.',
  complet: true,
  exemples: [
    ['700001', '001', 'ENREGISTREE', '05/01/2026 08:15', '', '', ''],
    ['700001', '001', 'LIVREE', '09/01/2026 14:00', '12', '09/01/2026', 'BL0001100'],
  ],
})
