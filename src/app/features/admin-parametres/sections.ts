// How the parameters page presents each category and value (cart-orders-admin §2 "Parameters
// page", §3 "Parameter" table): section titles, the unit beside a number, the format hint.
import type { DurationUnit } from '../../../domain/durations'
import type { ParameterKind } from '../../../domain/parameter-values'

export const JEU_TITRES = {
  DEFAULT: {
    titre: 'Règles de commande',
    sousTitre: 'Jeu DEFAULT, clés SAS-… : appliquées aussitôt aux commandes des adhérents.',
  },
  CDEA: { titre: 'Application', sousTitre: 'Jeu CDEA, clés CDE-…' },
} as const

const CATEGORIES: Record<string, { titre: string; sousTitre: string }> = {
  HORAIRE_COMMANDE: {
    titre: 'Horaire de commande',
    sousTitre:
      'Heure limite pour une livraison le lendemain, et délai accordé aux sessions ouvertes avant cette heure.',
  },
  DELAIS_COMMANDE: {
    titre: 'Délais de commande',
    sousTitre: 'Durées ISO-8601 : écart entre les deux dates, horizon de commande, alerte de période anticipée.',
  },
  MODE_CAMION_QTE: { titre: 'Quantités par mode camion', sousTitre: 'En tonnes.' },
  MODE_CAMION_DELAI_LIVR: { titre: 'Délais de livraison par mode camion', sousTitre: 'En heures.' },
  COMMANDE_QTE: { titre: 'Quantités de commande', sousTitre: 'Incorporation des minéraux.' },
  PARAMS_APPLI: { titre: "Paramètres de l'application", sousTitre: 'Bandeau des jours fériés.' },
}

/** The order of the spec's table (§3 "Parameter"); anything else comes after, as sent. */
const ORDRE = [
  'HORAIRE_COMMANDE-HEURE_PIVOT',
  'HORAIRE_COMMANDE-DELAIS_HEURE_PIVOT',
  'DELAIS_COMMANDE-ECART_DATE',
  'DELAIS_COMMANDE-DELAIS_MAX',
  'DELAIS_COMMANDE-DELAIS_ALERTE',
  ...['VIS_MAX', 'VISP_MAX', 'PNEU_MAX', 'PNEUP_MAX', 'BENNE_MIN', 'BENNE_MAX', 'FOND_MIN', 'FOND_MAX'].map(
    (c) => `MODE_CAMION_QTE-${c}`,
  ),
  'MODE_CAMION_DELAI_LIVR-FOND',
  'MODE_CAMION_DELAI_LIVR-BENNE',
  'COMMANDE_QTE-QTE_MAX_MINERAL',
  'PARAMS_APPLI-DELAI_ALERTE_FERIES',
]
const rang = (p: { categorie: string; code: string }) => {
  const i = ORDRE.indexOf(`${p.categorie}-${p.code}`)
  return i === -1 ? ORDRE.length : i
}

/** Rows by category, categories and rows in the spec's order. */
export function parSection<P extends { categorie: string; code: string }>(rows: readonly P[]): [string, P[]][] {
  const groups = new Map<string, P[]>()
  for (const r of [...rows].sort((a, b) => rang(a) - rang(b)))
    groups.set(r.categorie, [...(groups.get(r.categorie) ?? []), r])
  return [...groups]
}

export const categorieTitre = (categorie: string) => CATEGORIES[categorie] ?? { titre: categorie, sousTitre: '' }

const UNITES: Record<string, string> = {
  MODE_CAMION_QTE: 't',
  MODE_CAMION_DELAI_LIVR: 'h',
  COMMANDE_QTE: '%',
  PARAMS_APPLI: 'jours',
}

/** The unit shown after a number input. */
export const uniteNombre = (categorie: string) => UNITES[categorie] ?? ''

export const UNITES_DUREE: Record<DurationUnit, string> = {
  years: 'Années',
  months: 'Mois',
  weeks: 'Semaines',
  days: 'Jours',
  hours: 'Heures',
  minutes: 'Minutes',
  seconds: 'Secondes',
}

export function formatHint(kind: ParameterKind, units: readonly DurationUnit[] | null): string {
  if (kind === 'heure') return 'Heure entière de 0 à 23 (enregistrée HH:00:00).'
  if (kind === 'duree')
    return `Durée ISO-8601 en ${(units ?? []).map((u) => UNITES_DUREE[u].toLowerCase()).join(', ')} : nombres entiers positifs ou nuls.`
  if (kind === 'nombre') return 'Nombre.'
  return ''
}
