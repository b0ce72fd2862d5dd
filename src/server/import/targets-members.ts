// Targets of the reference files, the members' files and the articles' files (target.ts).
import { citedByOrderLines, existingOf, type Target } from './target'

const code = (fichier: string, table: string): Target => ({
  fichier,
  table,
  conflict: ['code'],
  existing: existingOf(table, ['code']),
  refs: [],
})
const toTiers = { columns: ['numTiers'], to: 'tiers.csv', label: 'tiers inconnu' }
const toArticle = (column = 'numArticle') => ({
  columns: [column],
  to: 'articles.csv',
  key: ['numArticle'],
  label: 'article inconnu',
})
const toAdresse = {
  columns: ['numTiers', 'numAdr'],
  to: 'adresses.csv',
  label: 'adresse inconnue pour ce tiers',
}

export const REFERENCE_TARGETS: Target[] = [
  code('departements.csv', 'departements'),
  code('presentations.csv', 'presentations_articles'),
  code('filieres.csv', 'filieres'),
  code('periodes-livraison.csv', 'periodes_livraison'),
  code('types-silo.csv', 'types_silo'),
  code('modes-camion.csv', 'modes_camion'),
  {
    fichier: 'modes-reglement.csv',
    table: 'modes_reglement',
    conflict: ['code_regt'],
    existing: existingOf('modes_reglement', ['codeRegt']),
    refs: [],
    protect: [citedByOrderLines('l.code_reglement = d.code_regt', 'des lignes de commande')],
  },
  {
    fichier: 'parametres.csv',
    table: 'parametres',
    conflict: ['jeu', 'categorie', 'code'],
    // A value written by the import is the cooperative's, no longer a staff member's edit.
    onUpdate: { updated_by: 'null', updated_at: 'null' },
    existing: existingOf('parametres', ['jeu', 'categorie', 'code']),
    refs: [],
  },
  {
    fichier: 'feries.csv',
    table: 'jours_feries',
    conflict: ['date'],
    existing: existingOf('jours_feries', ['date']),
    refs: [],
  },
]

export const MEMBER_TARGETS: Target[] = [
  {
    fichier: 'tiers.csv',
    table: 'tiers',
    conflict: ['num_tiers'],
    existing: existingOf('tiers', ['numTiers']),
    refs: [],
  },
  {
    fichier: 'comptes.csv',
    table: 'users',
    // The password is never written: an imported account has none (null never matches).
    conflict: ['username'],
    existing: existingOf('users', ['username']),
    refs: [],
  },
  {
    fichier: 'portefeuilles.csv',
    table: 'portefeuilles',
    conflict: ['username', 'num_tiers'],
    existing: existingOf('portefeuilles', ['username', 'numTiers']),
    refs: [{ columns: ['username'], to: 'comptes.csv', label: 'compte inconnu' }, toTiers],
  },
  {
    fichier: 'adresses.csv',
    table: 'adresses',
    conflict: ['num_tiers', 'num_adr'],
    existing: existingOf('adresses', ['numTiers', 'numAdr']),
    refs: [toTiers],
    protect: [citedByOrderLines('c.num_tiers = d.num_tiers and l.num_adresse = d.num_adr', 'des lignes de commande')],
  },
  {
    fichier: 'reglements.csv',
    table: 'reglements_tiers',
    conflict: ['num_tiers', 'code_regt'],
    existing: existingOf('reglements_tiers', ['numTiers', 'codeRegt']),
    refs: [toTiers, { columns: ['codeRegt'], to: 'modes-reglement.csv', label: 'mode de règlement inconnu' }],
  },
  {
    fichier: 'domiciliations.csv',
    table: 'domiciliations_bancaires',
    conflict: ['num_domiciliation_bancaire'],
    existing: existingOf('domiciliations_bancaires', ['numDomiciliationBancaire']),
    refs: [toTiers],
    protect: [
      citedByOrderLines('l.num_domiciliation_bancaire = d.num_domiciliation_bancaire', 'des lignes de commande'),
    ],
  },
  {
    fichier: 'incidents.csv',
    table: 'incidents_paiement',
    match: ['num_tiers', 'date_incident'],
    existing: existingOf('incidents_paiement', ['numTiers', 'dateIncident']),
    refs: [toTiers],
  },
]

export const ARTICLE_TARGETS: Target[] = [
  {
    fichier: 'articles.csv',
    table: 'articles',
    conflict: ['num_article'],
    existing: existingOf('articles', ['numArticle']),
    refs: [
      { columns: ['codeDepartement'], to: 'departements.csv', key: ['code'], label: 'département inconnu' },
      { columns: ['codePresentation'], to: 'presentations.csv', key: ['code'], label: 'présentation inconnue' },
      { columns: ['codeFiliere'], to: 'filieres.csv', key: ['code'], label: 'filière inconnue' },
    ],
  },
  {
    fichier: 'contraintes-articles.csv',
    table: 'article_contraintes',
    conflict: ['num_article'],
    existing: existingOf('article_contraintes', ['numArticle']),
    refs: [toArticle()],
  },
  {
    fichier: 'supplements.csv',
    table: 'article_supplementations',
    conflict: ['num_article', 'num_article_supplementation'],
    existing: existingOf('article_supplementations', ['numArticle', 'numArticleSupplementation']),
    refs: [toArticle(), toArticle('numArticleSupplementation')],
  },
  {
    fichier: 'mineraux.csv',
    table: 'article_mineraux',
    conflict: ['num_article', 'num_article_mineral'],
    existing: existingOf('article_mineraux', ['numArticle', 'numArticleMineral']),
    refs: [toArticle(), toArticle('numArticleMineral')],
  },
  {
    fichier: 'articles-autorises.csv',
    table: 'articles_commandables',
    conflict: ['num_tiers', 'num_article'],
    // From now on the cooperative's row, no longer a staff member's toggle.
    onUpdate: { set_by: 'null', set_at: 'null' },
    existing: existingOf('articles_commandables', ['numTiers', 'numArticle']),
    refs: [toTiers, toArticle()],
  },
  {
    fichier: 'contraintes-livraison.csv',
    table: 'contraintes_livraison',
    conflict: ['num_article', 'num_tiers', 'num_adr'],
    existing: existingOf('contraintes_livraison', ['numArticle', 'numTiers', 'numAdr']),
    refs: [toArticle(), toAdresse],
  },
  {
    fichier: 'incompatibilites.csv',
    table: 'incompatibilites_adresse',
    conflict: ['num_article', 'num_tiers', 'num_adr'],
    existing: existingOf('incompatibilites_adresse', ['numArticle', 'numTiers', 'numAdr']),
    refs: [toArticle(), toAdresse],
  },
]
