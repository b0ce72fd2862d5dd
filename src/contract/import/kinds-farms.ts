// Farms, buildings, poultry lots, feeding plans and their tranches, contracts (ordering-area §3
// Building, Lot, Feeding plan, Contract). A building belongs to its exploitation's tiers, a lot to
// its building's: the files do not repeat numTiers there.
import { REGLES } from '../identifiants'
import { booleen, code, date, decimal, entier, identifiant, liste, opt, texte } from './cells'
import { col, kind } from './kind'

const numExploitation = col(entier(), 'Exploitation (exploitations.csv ou déjà dans Silo).')
const numLot = col(identifiant(REGLES.numLot), 'Lot (lots.csv ou déjà dans Silo).')

export const exploitations = kind({
  fichier: 'exploitations.csv',
  titre: 'Exploitations',
  description: 'Les exploitations d’un tiers.',
  colonnes: {
    numExploitation: col(entier(), 'Numéro de l’exploitation.'),
    numTiers: col(identifiant(REGLES.numTiers), 'Tiers (tiers.csv ou déjà dans Silo).'),
    libelle: col(texte(120), 'Libellé.'),
  },
  cle: ['numExploitation'],
  suppression: '`--complet` seulement (refusé si un lot ou une commande cite l’exploitation).',
  complet: true,
  exemples: [
    ['1', '100001', 'Site laitier des Trois Chênes'],
    ['3', '100002', 'Kerbrat'],
  ],
})

export const batiments = kind({
  fichier: 'batiments.csv',
  titre: 'Bâtiments',
  description: 'Les bâtiments d’une exploitation et leurs lieux de stockage (une ligne dit la liste entière).',
  colonnes: {
    numBatiment: col(entier(), 'Numéro du bâtiment.'),
    numExploitation,
    libelle: col(texte(120), 'Libellé.'),
    codeFiliere: col(opt(code(10)), 'Filière (filieres.csv ou déjà dans Silo).'),
    typesSilo: col(liste(10), 'Lieux de stockage du bâtiment, codes séparés par | (types-silo.csv ou déjà dans Silo).'),
  },
  cle: ['numBatiment'],
  suppression:
    '`--complet` seulement (refusé si un lot ou une commande cite le bâtiment). Un lieu de stockage absent de typesSilo est retiré du bâtiment.',
  complet: true,
  exemples: [
    ['11', '1', 'Stabulation', '10', '001|002|010'],
    ['31', '3', 'Poulailler 1', '60', '001|002'],
  ],
})

export const lots = kind({
  fichier: 'lots.csv',
  titre: 'Lots de volailles',
  description: 'Un lot est mis en place dans un bâtiment (numLot : OL ponte, VL chair).',
  colonnes: {
    numLot: col(identifiant(REGLES.numLot), 'Numéro du lot.'),
    numExploitation,
    numBatiment: col(entier(), 'Bâtiment (batiments.csv ou déjà dans Silo), de cette exploitation.'),
    dateMep: col(date(), 'Date de mise en place (âge 0).'),
    nbAnimaux: col(entier(), 'Nombre d’animaux.'),
    codeFiliere: col(opt(code(10)), 'Filière (filieres.csv ou déjà dans Silo).'),
  },
  cle: ['numLot'],
  suppression: '`--complet` seulement : ses plans et tranches partent avec lui.',
  complet: true,
  exemples: [
    ['VL10231', '3', '31', '03/11/2026', '22000', '60'],
    ['OL20417', '4', '41', '14/09/2026', '18000', '67'],
  ],
})

export const plans = kind({
  fichier: 'plans.csv',
  titre: 'Plans d’alimentation',
  description: 'Les plans d’un lot, repérés par leur libellé dans le lot.',
  colonnes: {
    numLot,
    libelle: col(texte(120), 'Libellé du plan : avec numLot, la clé.'),
    principal: col(booleen(), 'Plan principal.'),
    dateDebut: col(date(), 'Début : commandable à partir de ce jour.'),
    dateFin: col(date(), 'Fin : commandable jusqu’à ce jour.'),
  },
  cle: ['numLot', 'libelle'],
  suppression: '`--complet` seulement : ses tranches partent avec lui.',
  complet: true,
  exemples: [
    ['VL10231', 'Plan standard poulet 42 jours', 'O', '03/11/2026', '15/12/2026'],
    ['VL10231', 'Plan croissance lente', 'N', '03/11/2026', '29/12/2026'],
  ],
})

export const tranches = kind({
  fichier: 'tranches.csv',
  titre: 'Tranches d’âge des plans',
  description: 'Les tranches d’un plan, dans l’ordre, et les articles de chacune (la liste entière).',
  colonnes: {
    numLot,
    libellePlan: col(texte(120), 'Le plan (plans.csv ou déjà dans Silo).'),
    ordre: col(entier(999), 'Rang de la tranche dans le plan : avec le plan, la clé.'),
    ageMini: col(entier(9999), 'Âge minimum (jours).'),
    ageMaxi: col(entier(9999), 'Âge maximum (jours).'),
    quantite: col(decimal(9999), 'Quantité par animal (kg).'),
    articles: col(
      liste(20, REGLES.numArticle),
      'Articles de la tranche, séparés par | (articles.csv ou déjà dans Silo).',
    ),
  },
  cle: ['numLot', 'libellePlan', 'ordre'],
  suppression: '`--complet` seulement. Un article absent de la liste est retiré de la tranche.',
  complet: true,
  exemples: [
    ['VL10231', 'Plan standard poulet 42 jours', '1', '0', '10', '0,3', '450101'],
    ['VL10231', 'Plan croissance lente', '2', '15', '56', '3,2', '450102|450103'],
  ],
})

export const contrats = kind({
  fichier: 'contrats.csv',
  titre: 'Contrats',
  description: 'Les contrats d’un tiers (à venir : dateDebut après aujourd’hui).',
  colonnes: {
    numContrat: col(identifiant(REGLES.numContrat), 'Numéro du contrat.'),
    numTiers: col(identifiant(REGLES.numTiers), 'Tiers (tiers.csv ou déjà dans Silo).'),
    codeTContrat: col(code(4), 'Type : EA apport, TF terme fixe, PR prix révisable…'),
    numFormule: col(opt(code(20)), 'Formule.'),
    libelleTypecontrat: col(texte(120), 'Libellé du type de contrat.'),
    numArticle: col(identifiant(REGLES.numArticle), 'Article (articles.csv ou déjà dans Silo).'),
    dateDebut: col(date(), 'Début.'),
    dateFin: col(date(), 'Fin.'),
    qteContrat: col(decimal(), 'Quantité du contrat (t).'),
    qteRestante: col(decimal(), 'Quantité restante (t).'),
    numLot: col(opt(identifiant(REGLES.numLot)), 'Lot concerné.'),
    numBatiment: col(opt(entier()), 'Bâtiment concerné.'),
  },
  cle: ['numContrat'],
  suppression: 'Un contrat échu (dateFin passée) n’est plus proposé. `--complet` le supprime.',
  complet: true,
  exemples: [
    [
      'CT2026-0412',
      '100001',
      'TF',
      'F18',
      'Contrat à terme fixe',
      '410101',
      '26/06/2026',
      '11/12/2026',
      '120',
      '35,5',
      '',
      '',
    ],
    [
      'CT2026-0415',
      '100001',
      'PR',
      'PF2',
      'Contrat prix révisable',
      '420105',
      '2026-09-24',
      '2027-06-11',
      '300',
      '180',
      '',
      '12',
    ],
  ],
})
