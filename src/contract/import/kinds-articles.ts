// Articles and what goes with them (ordering-area §3 Article, Delivery constraints; cart-orders-
// admin contraintesArticle): supplementations, minerals, quantity constraints, which member may
// order which article, delivery constraints and incompatibilities per address.
import { REGLES } from '../identifiants'
import { booleen, code, decimal, entier, identifiant, opt, parmi, texte } from './cells'
import { col, kind } from './kind'

const NO_STATE = 'Pas de colonne d’état : une ligne ne disparaît qu’avec `--complet`.'
const numArticle = col(identifiant(REGLES.numArticle), 'Numéro de l’article (articles.csv ou déjà dans Silo).')
const numTiers = col(identifiant(REGLES.numTiers), 'Numéro du tiers (tiers.csv ou déjà dans Silo).')
const numAdr = col(entier(99999), 'Adresse du tiers (adresses.csv ou déjà dans Silo).')
const jour = (nom: string) => col(booleen(), `Livrable le ${nom}.`)

export const articles = kind({
  fichier: 'articles.csv',
  titre: 'Articles',
  description: 'Aliments, minéraux et supplémentations. Les codes renvoient aux fichiers de référence.',
  colonnes: {
    numArticle: col(identifiant(REGLES.numArticle), 'Numéro de l’article.'),
    libelle: col(texte(120), 'Libellé.'),
    libelleLong: col(opt(texte(250)), 'Libellé long (supplémentations).'),
    codeTypeArticle: col(parmi(['A', 'M', 'S', 'GSU']), 'A aliment, M minéral, S supplémentation, GSU.'),
    codeSousTypeArticle: col(opt(code(10)), 'AL aliment, SU/AA supplémentations, MI minéral.'),
    typeAliment: col(opt(texte(60)), 'Type d’aliment (Complet, Complémentaire…).'),
    codeDepartement: col(opt(code(10)), 'Département (departements.csv ou déjà dans Silo).'),
    codeFamille: col(opt(code(10)), 'Famille : 45… volailles, 461… écart d’un jour entre les dates.'),
    codeCategorie: col(opt(code(10)), 'Catégorie : 47010 avec MI, jamais commandable.'),
    codePresentation: col(opt(code(10)), 'Présentation (presentations.csv ou déjà dans Silo).'),
    codeFiliere: col(opt(code(10)), 'Filière (filieres.csv ou déjà dans Silo).'),
    codeUniteArticle: col(code(4), 'Unité : T.'),
    commandableParDefaut: col(
      booleen(),
      'Commandable par tout tiers sauf avis contraire d’articles-autorises.csv. N : l’article n’est plus commandable.',
    ),
  },
  cle: ['numArticle'],
  suppression:
    'Colonne commandableParDefaut à N : l’article n’est plus commandable et reste dans l’historique. `--complet` le supprime (refusé s’il est cité par une commande, une livraison, un contrat ou un plan).',
  complet: true,
  exemples: [
    [
      '410101',
      'VL Production 18 % vrac',
      '',
      'A',
      'AL',
      'Complémentaire',
      '41',
      '41010',
      '41000',
      'VRAC',
      '10',
      'T',
      'O',
    ],
    ['470106', 'Minéral VL 7-21 (sac 25 kg)', '', 'M', 'MI', '', '47', '47010', '47010', 'SAC', '', 'T', 'N'],
  ],
})

export const articlesAutorises = kind({
  fichier: 'articles-autorises.csv',
  titre: 'Articles commandables par tiers',
  description:
    'Ce qu’un tiers peut commander, au-delà du défaut de l’article. Une ligne importée remplace un choix fait à l’écran Gestion articles.',
  colonnes: {
    numTiers,
    numArticle,
    artCommandable: col(booleen(), 'O commandable, N plus commandable pour ce tiers.'),
  },
  cle: ['numTiers', 'numArticle'],
  suppression:
    'Colonne artCommandable à N : l’article n’est plus commandable pour ce tiers. `--complet` supprime les lignes absentes (le défaut de l’article s’applique).',
  complet: true,
  exemples: [
    ['100001', '410101', 'O'],
    ['100001', '410103', 'N'],
  ],
})

export const supplements = kind({
  fichier: 'supplements.csv',
  titre: 'Supplémentations des articles',
  description: 'Les supplémentations proposées avec un aliment ; une seule par groupe.',
  colonnes: {
    numArticle,
    numArticleSupplementation: col(identifiant(REGLES.numArticle), 'La supplémentation (un article de type S).'),
    groupe: col(code(40), 'Groupe (LEVURE, AA…).'),
  },
  cle: ['numArticle', 'numArticleSupplementation'],
  suppression: NO_STATE,
  complet: true,
  exemples: [
    ['410101', '480101', 'LEVURE'],
    ['420103', '481101', 'AA'],
  ],
})

export const mineraux = kind({
  fichier: 'mineraux.csv',
  titre: 'Minéraux incorporables',
  description: 'Les minéraux qu’on peut incorporer à un aliment (quantité en % à la commande).',
  colonnes: {
    numArticle,
    numArticleMineral: col(identifiant(REGLES.numArticle), 'Le minéral (un article de type M).'),
  },
  cle: ['numArticle', 'numArticleMineral'],
  suppression: NO_STATE,
  complet: true,
  exemples: [
    ['410101', '470102'],
    ['420104', '470104'],
  ],
})

export const contraintesArticles = kind({
  fichier: 'contraintes-articles.csv',
  titre: 'Contraintes de quantité des articles',
  description: 'paramsCommande.contraintesArticle ; sans ligne, 0 à 29 t et minéraux 15 %.',
  colonnes: {
    numArticle,
    quantiteMin: col(opt(decimal(99)), 'Quantité minimum (t).'),
    quantiteMax: col(opt(decimal(99)), 'Quantité maximum (t).'),
    quantiteMaxMineral: col(opt(decimal(100)), 'Incorporation maximum des minéraux (%).'),
  },
  cle: ['numArticle'],
  suppression: NO_STATE,
  complet: true,
  exemples: [
    ['410101', '2', '29', '15'],
    ['420101', '0,5', '3', ''],
  ],
})

export const contraintesLivraison = kind({
  fichier: 'contraintes-livraison.csv',
  titre: 'Contraintes de livraison',
  description: 'Par article et adresse : délai minimum en jours ouvrés et jours de livraison permis.',
  colonnes: {
    numArticle,
    numTiers,
    numAdr,
    delaisMinJoursOuvres: col(entier(99), 'Délai minimum (jours ouvrés).'),
    lundi: jour('lundi'),
    mardi: jour('mardi'),
    mercredi: jour('mercredi'),
    jeudi: jour('jeudi'),
    vendredi: jour('vendredi'),
    samedi: jour('samedi'),
    dimanche: jour('dimanche'),
  },
  cle: ['numArticle', 'numTiers', 'numAdr'],
  suppression: NO_STATE,
  complet: true,
  exemples: [
    ['470101', '100001', '2', '3', 'O', 'O', 'O', 'O', 'N', 'N', 'N'],
    ['420101', '100001', '1', '2', 'N', 'O', 'N', 'O', 'N', 'N', 'N'],
  ],
})

export const incompatibilites = kind({
  fichier: 'incompatibilites.csv',
  titre: 'Incompatibilités d’adresse',
  description: 'Une adresse dont le cahier des charges exclut l’article.',
  colonnes: { numArticle, numTiers, numAdr, motif: col(opt(texte(200)), 'Motif.') },
  cle: ['numArticle', 'numTiers', 'numAdr'],
  suppression: NO_STATE,
  complet: true,
  exemples: [
    ['470104', '100001', '3', 'Site sous cahier des charges agriculture biologique'],
    ['470101', '100001', '3', ''],
  ],
})
