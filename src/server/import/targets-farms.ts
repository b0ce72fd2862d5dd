// Targets of the farms' files, the contracts, the deliveries and the past orders (target.ts).
import { citedByOrderLines, existingOf, type Target } from './target'

const toTiers = { columns: ['numTiers'], to: 'tiers.csv', label: 'tiers inconnu' }
const toArticle = (column = 'numArticle') => ({
  columns: [column],
  to: 'articles.csv',
  key: ['numArticle'],
  label: 'article inconnu',
})
const toExploitation = { columns: ['numExploitation'], to: 'exploitations.csv', label: 'exploitation inconnue' }
const toFiliere = { columns: ['codeFiliere'], to: 'filieres.csv', key: ['code'], label: 'filière inconnue' }
const toPeriode = (column: string) => ({
  columns: [column],
  to: 'periodes-livraison.csv',
  key: ['code'],
  label: 'créneau inconnu',
})

export const FARM_TARGETS: Target[] = [
  {
    fichier: 'exploitations.csv',
    table: 'exploitations',
    conflict: ['num_exploitation'],
    existing: existingOf('exploitations', ['numExploitation']),
    refs: [toTiers],
    protect: [citedByOrderLines('l.num_exploitation = d.num_exploitation', 'des lignes de commande')],
  },
  {
    fichier: 'batiments.csv',
    table: 'batiments',
    rename: { typesSilo: null },
    joins: 'join exploitations e on e.num_exploitation = s."numExploitation"',
    derived: { num_tiers: 'e.num_tiers' },
    conflict: ['num_batiment'],
    row: { joins: '', id: 's."numBatiment"', column: 'num_batiment' },
    children: [
      { column: 'typesSilo', table: 'batiment_types_silo', parent: 'num_batiment', element: 'code_type_silo' },
    ],
    // numExploitation beside the key: lots.csv checks that a building is in the lot's exploitation.
    existing: existingOf('batiments', ['numBatiment', 'numExploitation']),
    refs: [
      toExploitation,
      toFiliere,
      { columns: ['typesSilo'], to: 'types-silo.csv', key: ['code'], list: true, label: 'lieu de stockage inconnu' },
    ],
    protect: [citedByOrderLines('l.num_batiment = d.num_batiment', 'des lignes de commande')],
  },
  {
    fichier: 'lots.csv',
    table: 'lots',
    joins: 'join batiments b on b.num_batiment = s."numBatiment"',
    derived: { num_tiers: 'b.num_tiers' },
    conflict: ['num_lot'],
    existing: existingOf('lots', ['numLot']),
    refs: [
      toExploitation,
      {
        columns: ['numExploitation', 'numBatiment'],
        to: 'batiments.csv',
        key: ['numExploitation', 'numBatiment'],
        label: 'bâtiment inconnu dans cette exploitation',
      },
      toFiliere,
    ],
    protect: [citedByOrderLines('l.num_lot = d.num_lot', 'des lignes de commande')],
  },
  {
    fichier: 'plans.csv',
    table: 'plans_alimentation',
    match: ['num_lot', 'libelle'],
    existing: existingOf('plans_alimentation', ['numLot', 'libelle']),
    refs: [{ columns: ['numLot'], to: 'lots.csv', label: 'lot inconnu' }],
  },
  {
    fichier: 'tranches.csv',
    table: 'tranches',
    rename: { numLot: null, libellePlan: null, articles: null },
    joins: 'join plans_alimentation p on p.num_lot = s."numLot" and p.libelle = s."libellePlan"',
    derived: { plan_id: 'p.id' },
    match: ['plan_id', 'ordre'],
    row: { joins: 'join tranches t on t.plan_id = p.id and t.ordre = s.ordre', id: 't.id', column: 'id' },
    children: [{ column: 'articles', table: 'tranche_articles', parent: 'tranche_id', element: 'num_article' }],
    existing:
      'select p.num_lot as "numLot", p.libelle as "libellePlan", t.ordre as "ordre", t.ctid as _ctid ' +
      'from tranches t join plans_alimentation p on p.id = t.plan_id',
    refs: [
      { columns: ['numLot', 'libellePlan'], to: 'plans.csv', key: ['numLot', 'libelle'], label: 'plan inconnu' },
      { ...toArticle('articles'), list: true },
    ],
  },
  {
    fichier: 'contrats.csv',
    table: 'contrats',
    conflict: ['num_contrat'],
    existing: existingOf('contrats', ['numContrat']),
    refs: [toTiers, toArticle()],
    protect: [citedByOrderLines('l.num_contrat = d.num_contrat', 'des lignes de commande')],
  },
]

export const HISTORY_TARGETS: Target[] = [
  {
    fichier: 'livraisons.csv',
    table: 'livraisons',
    conflict: ['num_livraison'],
    existing: existingOf('livraisons', ['numLivraison']),
    refs: [toTiers],
  },
  {
    fichier: 'lignes-livraison.csv',
    table: 'livraison_lignes',
    conflict: ['num_livraison', 'num_ligne'],
    existing: existingOf('livraison_lignes', ['numLivraison', 'numLigne']),
    refs: [{ columns: ['numLivraison'], to: 'livraisons.csv', label: 'livraison inconnue' }, toArticle()],
  },
  {
    fichier: 'commandes.csv',
    table: 'commandes',
    conflict: ['numero'],
    existing: existingOf('commandes', ['numero']),
    refs: [toTiers],
  },
  {
    fichier: 'lignes-commande.csv',
    table: 'commande_lignes',
    rename: { numero: null, supplementations: null, libelleArticle: null, codeTypeArticle: null },
    joins: 'join commandes c on c.numero = s.numero join articles a on a.num_article = s."numArticle"',
    derived: {
      commande_id: 'c.id',
      libelle_article: 'coalesce(s."libelleArticle", a.libelle)',
      code_type_article: 'coalesce(s."codeTypeArticle", a.code_type_article)',
    },
    conflict: ['commande_id', 'id_ligne'],
    row: {
      joins: 'join commande_lignes t on t.commande_id = c.id and t.id_ligne = s."idLigne"',
      id: 't.id',
      column: 'id',
    },
    children: [
      {
        column: 'supplementations',
        table: 'commande_ligne_supplementations',
        parent: 'ligne_id',
        element: 'num_article',
      },
    ],
    existing:
      'select c.numero as "numero", t.id_ligne as "idLigne", t.ctid as _ctid ' +
      'from commande_lignes t join commandes c on c.id = t.commande_id',
    refs: [
      { columns: ['numero'], to: 'commandes.csv', label: 'commande inconnue' },
      toArticle(),
      toPeriode('matinApmidi'),
      toPeriode('finMatinApmidi'),
      { columns: ['codeModeCamion'], to: 'modes-camion.csv', key: ['code'], label: 'mode camion inconnu' },
      { ...toArticle('supplementations'), list: true },
    ],
  },
  {
    fichier: 'etapes-commande.csv',
    table: 'commande_etapes',
    rename: { numero: null, idLigne: null },
    joins:
      'join commandes c on c.numero = s.numero join commande_lignes l on l.commande_id = c.id and l.id_ligne = s."idLigne"',
    derived: { ligne_id: 'l.id' },
    match: ['ligne_id', 'etape'],
    existing:
      'select c.numero as "numero", l.id_ligne as "idLigne", t.etape as "etape", t.ctid as _ctid ' +
      'from commande_etapes t join commande_lignes l on l.id = t.ligne_id join commandes c on c.id = l.commande_id',
    refs: [{ columns: ['numero', 'idLigne'], to: 'lignes-commande.csv', label: 'ligne de commande inconnue' }],
  },
]
