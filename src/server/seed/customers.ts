// Customers: the demo accounts' tiers rows and about 200 other members with realistic French
// names and towns of Bretagne, Pays de la Loire and Normandie.
import {
  adresses,
  domiciliationsBancaires,
  incidentsPaiement,
  modesReglement,
  reglementsTiers,
  tiers,
} from '../db/schema'
import { insertAll, type Tx } from './batch'
import { DEMO } from './demo'
import { addDays, type Rng } from './rng'

const TOWNS: Array<[codePostal: string, ville: string, region: string]> = [
  ['35000', 'Rennes', 'Bretagne'],
  ['35500', 'Vitré', 'Bretagne'],
  ['35300', 'Fougères', 'Bretagne'],
  ['35160', 'Montfort-sur-Meu', 'Bretagne'],
  ['22600', 'Loudéac', 'Bretagne'],
  ['22400', 'Lamballe-Armor', 'Bretagne'],
  ['22200', 'Guingamp', 'Bretagne'],
  ['22110', 'Rostrenen', 'Bretagne'],
  ['29270', 'Carhaix-Plouguer', 'Bretagne'],
  ['29400', 'Landivisiau', 'Bretagne'],
  ['29190', 'Pleyben', 'Bretagne'],
  ['29300', 'Quimperlé', 'Bretagne'],
  ['56300', 'Pontivy', 'Bretagne'],
  ['56500', 'Locminé', 'Bretagne'],
  ['56800', 'Ploërmel', 'Bretagne'],
  ['56120', 'Josselin', 'Bretagne'],
  ['44110', 'Châteaubriant', 'Pays de la Loire'],
  ['44170', 'Nozay', 'Pays de la Loire'],
  ['44130', 'Blain', 'Pays de la Loire'],
  ['49500', 'Segré-en-Anjou Bleu', 'Pays de la Loire'],
  ['49300', 'Cholet', 'Pays de la Loire'],
  ['53000', 'Laval', 'Pays de la Loire'],
  ['53200', 'Château-Gontier-sur-Mayenne', 'Pays de la Loire'],
  ['53100', 'Mayenne', 'Pays de la Loire'],
  ['72300', 'Sablé-sur-Sarthe', 'Pays de la Loire'],
  ['72400', 'La Ferté-Bernard', 'Pays de la Loire'],
  ['85000', 'La Roche-sur-Yon', 'Pays de la Loire'],
  ['85500', 'Les Herbiers', 'Pays de la Loire'],
  ['85200', 'Fontenay-le-Comte', 'Pays de la Loire'],
  ['50000', 'Saint-Lô', 'Normandie'],
  ['50200', 'Coutances', 'Normandie'],
  ['50300', 'Avranches', 'Normandie'],
  ['50600', 'Saint-Hilaire-du-Harcouët', 'Normandie'],
  ['14500', 'Vire Normandie', 'Normandie'],
  ['14700', 'Falaise', 'Normandie'],
  ['61100', 'Flers', 'Normandie'],
  ['61000', 'Alençon', 'Normandie'],
  ['61200', 'Argentan', 'Normandie'],
]

const LIEUX = [
  'LA HAIE',
  'KERBRAT',
  'LA VALLÉE',
  'BEAUSOLEIL',
  'LA FONTAINE',
  'BEL AIR',
  'LA LANDE',
  'PRÉ VERT',
  'LA MÉTAIRIE',
  'KERGUÉLEN',
  'LA BRIANTAIS',
  'LA GRANDE NOË',
  'BOIS JOLI',
  'LA CROIX',
  'MOULIN NEUF',
  'TY NEVEZ',
  'LA RIVIÈRE',
  'LA CHÊNAIE',
  'CHAMP FLEURI',
  'LA BUTTE',
]
const NOMS = [
  'LE GALL',
  'MARTIN',
  'BERNARD',
  'LE ROUX',
  'GUÉGUEN',
  'DURAND',
  'MOREAU',
  'LEBRETON',
  'TANGUY',
  'PICHON',
  'BRIAND',
  'HAMON',
  'GAUTIER',
  'LEMOINE',
  'RENAULT',
  'COLLET',
  'FOUCHER',
  'LEBLANC',
  'PERRIN',
  'JOUAN',
  'LE CORRE',
  'MÉNARD',
  'BLANCHARD',
  'GUILLOU',
]
const PRENOMS = [
  'Jean',
  'Pierre',
  'Yann',
  'Erwan',
  'Marie',
  'Anne',
  'Sophie',
  'Loïc',
  'Thierry',
  'Nathalie',
  'Gwenaëlle',
  'Olivier',
  'Mathieu',
  'Claire',
  'Sébastien',
  'Isabelle',
]
const RUES = ['Lieu-dit', 'La Ferme de', 'Route de', 'Chemin de', 'Le Village de']

function raisonSociale(rng: Rng): string {
  const form = rng.next()
  if (form < 0.4) return `GAEC ${rng.chance(0.5) ? 'DE ' : 'DU DOMAINE DE '}${rng.pick(LIEUX)}`
  if (form < 0.6) return `EARL ${rng.pick(NOMS)}`
  if (form < 0.72) return `SCEA ${rng.chance(0.5) ? 'DE ' : 'DES ÉLEVAGES DE '}${rng.pick(LIEUX)}`
  if (form < 0.8) return `SARL ${rng.pick(NOMS)} ET FILS`
  const prenom = rng.pick(PRENOMS)
  const civilite = ['Marie', 'Anne', 'Sophie', 'Nathalie', 'Gwenaëlle', 'Claire', 'Isabelle'].includes(prenom)
    ? 'Mme'
    : 'M.'
  const nom = rng.pick(NOMS)
  return `${civilite} ${prenom} ${nom.charAt(0)}${nom.slice(1).toLowerCase()}`
}

export interface SeededCustomer {
  numTiers: string
  species: 'bovins' | 'porcs' | 'volailles'
  addresses: number[]
}

export async function seedCustomers(tx: Tx, rng: Rng, today: string): Promise<SeededCustomer[]> {
  const demoRows: Array<typeof tiers.$inferInsert & { numTiers: string }> = [
    {
      numTiers: DEMO.eleveur,
      raisonSociale: 'GAEC DES TROIS CHÊNES',
      typeTiers: 'ADH',
      numEntite: 'AGR',
      email: 'gaec.troischenes@example.org',
      region: 'Bretagne',
    },
    {
      numTiers: DEMO.volailles,
      raisonSociale: 'EARL AVICOLE DE KERBRAT',
      typeTiers: 'ADH',
      numEntite: 'AGR',
      email: 'earl.kerbrat@example.org',
      region: 'Bretagne',
    },
    {
      numTiers: DEMO.contentieux,
      raisonSociale: 'SCEA DU MOULIN NEUF',
      typeTiers: 'ADH',
      numEntite: 'AGR',
      email: 'scea.moulinneuf@example.org',
      region: 'Pays de la Loire',
    },
    {
      numTiers: DEMO.vgm,
      raisonSociale: 'GAEC DE LA VALLÉE VERTE',
      typeTiers: 'ADH',
      numEntite: 'AGR',
      email: null,
      region: 'Normandie',
    },
  ]
  const others: SeededCustomer[] = []
  const rows = [...demoRows]
  const addressRows: Array<typeof adresses.$inferInsert> = [
    {
      numTiers: DEMO.eleveur,
      numAdr: 1,
      etat: 'A',
      adresse1: 'GAEC des Trois Chênes',
      adresse2: 'Lieu-dit Les Trois Chênes',
      adresse3: null,
      codePostal: '35160',
      ville: 'Montfort-sur-Meu',
    },
    {
      numTiers: DEMO.eleveur,
      numAdr: 2,
      etat: 'A',
      adresse1: 'Site porcin',
      adresse2: 'La Haie Blanche',
      adresse3: 'Route de Bédée',
      codePostal: '35160',
      ville: 'Montfort-sur-Meu',
    },
    {
      numTiers: DEMO.eleveur,
      numAdr: 3,
      etat: 'A',
      adresse1: 'Stabulation bio',
      adresse2: 'Le Pré Vert',
      adresse3: null,
      codePostal: '35137',
      ville: 'Bédée',
    },
    {
      numTiers: DEMO.eleveur,
      numAdr: 4,
      etat: 'S',
      adresse1: 'Ancien site',
      adresse2: 'La Métairie',
      adresse3: null,
      codePostal: '35310',
      ville: 'Mordelles',
    },
    {
      numTiers: DEMO.volailles,
      numAdr: 1,
      etat: 'A',
      adresse1: 'EARL Avicole de Kerbrat',
      adresse2: 'Kerbrat',
      adresse3: null,
      codePostal: '56500',
      ville: 'Locminé',
    },
    {
      numTiers: DEMO.volailles,
      numAdr: 2,
      etat: 'A',
      adresse1: 'Site de Ty Nevez',
      adresse2: 'Ty Nevez',
      adresse3: null,
      codePostal: '56500',
      ville: 'Moréac',
    },
    {
      numTiers: DEMO.contentieux,
      numAdr: 1,
      etat: 'A',
      adresse1: 'Le Moulin Neuf',
      adresse2: null,
      adresse3: null,
      codePostal: '53200',
      ville: 'Château-Gontier-sur-Mayenne',
    },
    {
      numTiers: DEMO.vgm,
      numAdr: 1,
      etat: 'A',
      adresse1: 'La Vallée Verte',
      adresse2: null,
      adresse3: null,
      codePostal: '50200',
      ville: 'Coutances',
    },
  ]
  for (let i = 0; i < 200; i++) {
    const numTiers = String(100100 + i * 7)
    const [codePostal, ville, region] = rng.pick(TOWNS)
    const name = raisonSociale(rng)
    rows.push({
      numTiers,
      raisonSociale: name,
      typeTiers: rng.chance(0.85) ? 'ADH' : 'CLI',
      numEntite: 'AGR',
      email: rng.chance(0.8) ? `contact${numTiers}@example.org` : null,
      region,
    })
    const count = rng.chance(0.25) ? 2 : 1
    const nums: number[] = []
    for (let n = 1; n <= count; n++) {
      nums.push(n)
      addressRows.push({
        numTiers,
        numAdr: n,
        etat: 'A',
        adresse1: name,
        adresse2: `${rng.pick(RUES)} ${rng.pick(LIEUX).toLowerCase()}`,
        adresse3: null,
        codePostal,
        ville,
      })
    }
    if (rng.chance(0.05))
      addressRows.push({
        numTiers,
        numAdr: count + 1,
        etat: 'S',
        adresse1: name,
        adresse2: 'Ancien site',
        adresse3: null,
        codePostal,
        ville,
      })
    others.push({ numTiers, species: rng.pick(['bovins', 'bovins', 'porcs', 'volailles'] as const), addresses: nums })
  }
  await insertAll(tx, tiers, rows)
  await insertAll(tx, adresses, addressRows)
  await insertAll(tx, incidentsPaiement, [
    {
      numTiers: DEMO.contentieux,
      bloquant: true,
      libelle: 'Impayés de plus de 90 jours',
      dateIncident: addDays(today, -95),
    },
    {
      numTiers: DEMO.eleveur,
      bloquant: false,
      libelle: 'Retard de paiement régularisé',
      dateIncident: addDays(today, -400),
      dateLevee: addDays(today, -380),
    },
  ])
  await seedPayments(tx, [...demoRows.map((r) => r.numTiers), ...others.map((o) => o.numTiers)])
  return others
}

async function seedPayments(tx: Tx, numTiersList: string[]) {
  await insertAll(tx, modesReglement, [
    {
      codeRegt: 'PRE30',
      libelle: 'Prélèvement à 30 jours',
      tauxEscompte: 0,
      delaiEcheanceJours: 30,
      avecDomiciliation: true,
    },
    {
      codeRegt: 'PRE10',
      libelle: 'Prélèvement à 10 jours',
      tauxEscompte: 0.5,
      delaiEcheanceJours: 10,
      avecDomiciliation: true,
    },
    {
      codeRegt: 'CPT',
      libelle: 'Comptant à la livraison',
      tauxEscompte: 1.5,
      delaiEcheanceJours: 0,
      avecDomiciliation: false,
    },
    {
      codeRegt: 'VIR45',
      libelle: 'Virement à 45 jours fin de mois',
      tauxEscompte: 0,
      delaiEcheanceJours: 45,
      avecDomiciliation: false,
    },
    {
      codeRegt: 'CHQ',
      libelle: 'Chèque à réception de facture',
      tauxEscompte: 0,
      delaiEcheanceJours: 15,
      avecDomiciliation: false,
    },
  ])
  const modes = numTiersList.flatMap((numTiers) =>
    numTiers === DEMO.eleveur
      ? [
          { numTiers, codeRegt: 'PRE30', parDefaut: true },
          { numTiers, codeRegt: 'PRE10', parDefaut: false },
          { numTiers, codeRegt: 'CPT', parDefaut: false },
          { numTiers, codeRegt: 'VIR45', parDefaut: false },
        ]
      : [
          { numTiers, codeRegt: 'PRE30', parDefaut: true },
          { numTiers, codeRegt: 'CHQ', parDefaut: false },
        ],
  )
  await insertAll(tx, reglementsTiers, modes)
  await insertAll(
    tx,
    domiciliationsBancaires,
    numTiersList.flatMap((numTiers, i) => {
      const first = {
        numDomiciliationBancaire: 1000 + i * 2,
        numTiers,
        numeroCompte: `FR76 1360 6000 ${String(10000000 + i * 7919).slice(0, 4)} ${String(10000000 + i * 7919).slice(4)} 0${i % 10}`,
        nomBanque: 'Crédit Agricole',
      }
      if (numTiers !== DEMO.eleveur) return [first]
      // Two domiciliations so that the payment step shows a selector.
      return [
        first,
        {
          numDomiciliationBancaire: 1001,
          numTiers,
          numeroCompte: 'FR76 1558 9297 0000 1234 5678 942',
          nomBanque: 'Crédit Mutuel de Bretagne',
        },
      ]
    }),
  )
}
