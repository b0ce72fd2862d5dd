// Business constants and the product's French texts (both spec files, sections 5, 8 and 9).
// Texts are copied character for character, typos included ('etre', 'caratères', 'Inconu'…):
// they are the product's texts, not ours to correct. Only their spaces before `:` `?` and units are
// made unbreakable (typographie, typography.ts, issue 51): the same words, never a line starting
// with '?'. What the wire's checks say lives in the
// contract (src/contract/limits) and is part of MESSAGES.
import { WIRE_MESSAGES } from '../contract/limits'
import { avecUnite, typographie } from './typography'

export const CODE_AUTRE_LIEU = '997'
export const PREFIXE_AUTRE_LIEU = '997:'
export const MAX_LIEUX_STOCKAGE = 3
export const AUTRE_LIEU_MIN = 3
export const AUTRE_LIEU_MAX = 20

export const MODE_CAMION_DEFAUT = 'VIS'
export const CRENEAU_DEFAUT = 'ID'
export const UNITE_DEFAUT = 'T'

export const PETITS_CAMIONS: readonly string[] = ['VISP', 'PNEUP']
export const CAMIONS_SOUFFLEURS: readonly string[] = ['VIS', 'PNEU']
export const CAPACITE_PETIT_CAMION = 17
export const CAPACITE_CAMION = 27
export const FAMILLE_ECART_UN_JOUR = '461'

export const QUANTITE_MAX_ABSOLUE = 29
export const QUANTITE_MIN_ABSOLUE = 0
export const QUANTITE_PAS = 0.5
export const QUANTITE_MAX_MINERAL_DEFAUT = 15

export const TRANCHE_COMPLETE_RATIO = 0.8
export const COMMENTAIRE_PANIER_MAX = 80
/** The confirmation page opens this long after a successful confirmation (§9). */
export const DELAI_PAGE_CONFIRMATION_MS = 50
export const HISTORIQUE_DEBUT = '2020-11-01'
export const HISTORIQUE_FENETRE_MOIS = 3

/** Pairs start-end allowed when both delivery dates are the same day. */
export const PAIRES_CRENEAUX_UN_JOUR: readonly string[] = [
  'JS-JM',
  'JS-JA',
  'JS-JJ',
  'JS-J1',
  'JA-JM',
  'JA-J1',
  'JM-J1',
  'JJ-J1',
]
/** The pair a single-day window opens with when the app chooses the slots: the whole day (JS-J1). */
export const CRENEAUX_UN_JOUR_DEFAUT: readonly [string, string] = ['JS', 'J1']

export const MESSAGES = {
  contentieuxTitre: 'Contentieux',
  contentieux:
    "Un incident de paiement empêche l'accès au site de commande d'aliments. Veuillez contacter votre responsable de compte régional.",
  historiqueTermine: "Impossible d'afficher plus de livraisons",
  aucuneLivraison: 'Aucune livraison à afficher',
  requis: 'Requis',
  periodeRequise: 'Veuillez renseigner la période de livraison voulue',
  dateMin: (date: string) => `La date doit être supérieure ou égale à ${date}`,
  jourOuvre: 'La date doit être un jour ouvré',
  delaisMaxDepasse: 'Le délais maximum est dépassé',
  dateFinAvantDebut: 'La date au plus tard doit être supérieure ou égale à la date au plus tôt',
  // The spec gives only "strictly after" for a gap of 1 and "postérieure de N jours minimum"
  // for a larger gap; both sentences are completed in the style of the message above.
  dateFinStrictementApres: 'La date au plus tard doit être postérieure à la date au plus tôt',
  dateFinEcartMin: (n: number) =>
    `La date au plus tard doit être postérieure de ${n} jours minimum à la date au plus tôt`,
  horaireDebutIdentique:
    "L'horaire de début de livraison doit etre identique pour tous les aliments dont la date de début de livraison est la même",
  horairesUnJour: 'Les horaires ne sont pas valides pour une livraison sur un seul jour',
  periodeAnticipeeTitre: 'Période anticipée',
  periodeAnticipee: typographie('La date début de période de livraison est anticipée. Voulez-vous continuer ?'),
  intervalleTitre: 'Intervalle de date',
  // ordering-area.md wording; cart-orders-admin.md writes "L'intervalle  entre" (two spaces).
  intervalle: typographie(
    "L'intervalle entre les deux dates de livraison est au-delà de 5 jours. Voulez-vous continuer ?",
  ),
  aucunJourCommun: "Il n'y a aucun jour de livraison possible commun aux aliments sélectionnés",
  lieuDejaPrevu: 'Ce lieu de stockage est déjà prévu pour une autre commande de votre panier à la même date',
  lieuRequis: 'Veuillez renseigner au moins un lieu de livraison',
  // Not worded by the spec ("custom place text is 3 to 20 characters").
  autreLieuLongueur: 'Le lieu de stockage doit contenir entre 3 et 20 caractères',
  quantiteInvalide: 'Veuillez renseigner une quantité valide',
  quantiteEgale: (min: string) => `Veuillez renseigner une valeur égale à ${avecUnite(min, 't')}`,
  quantiteMax: (max: string) => `Veuillez renseigner une valeur inférieure ou égale à ${avecUnite(max, 't')}`,
  supplementationsIncompatibles: 'Supplémentations incompatibles',
  supplementationsMax: (n: number) => `max ${n} supplémentation(s) de ce type pour cet article`,
  mineralRequis: 'Veuillez renseigner une quantité de mineraux voulue',
  mineralMax: (max: string) => `Veuillez renseigner une valeur maximale ou égale à ${avecUnite(max, '%')}`,
  adresseRequise: 'Veuillez renseigner une adresse de livraison',
  adresseIncompatible: "Le cahier des charges de l'adresse n'est pas compatible avec le l'article",
  batimentNumerique: 'Doit être une valeur numérique, ou vide',
  // ordering-area.md wording (straight apostrophe); cart-orders-admin.md writes "n’est" with a
  // curly apostrophe: see MODE_CAMION_VARIANTE_PANIER.
  modeCamionMin: (n: string) =>
    typographie(`Le mode camion sélectionné n'est pas compatible avec la quantité saisie : minimum ${n}t`),
  modeCamionMax: (n: string) =>
    typographie(`Le mode camion sélectionné n'est pas compatible avec la quantité saisie : maximum ${n}t`),
  annulerTitre: typographie('Annuler ?'),
  annuler: 'Voulez-vous vraiment annuler vos modifications?',
  navigateurNonSupporte: 'Cette version de votre navigateur ne permet pas un usage optimal de votre application.',
  // Cart (cart-orders-admin §5)
  auMoinsUnLieu: 'Au moins un lieu de stockage doit être renseigné.',
  autreEspece:
    'Un autre aliment pour une autre espèce doit être livré aux mêmes dates dans les mêmes lieux de stockage.',
  memeEspece: 'Un autre aliment doit être livré aux mêmes dates dans les mêmes lieux de stockage pour la même espèce.',
  confirmerDatesLieux: typographie('Voulez-vous vraiment confirmer ces dates et lieux de stockage ?'),
  lieuxVidesDialogue: 'Le lieu de stockage doit être renseigné pour chacune des lignes',
  lieuxVidesFin: 'Merci de renseigner un lieu de stockage',
  especesDifferentesDialogue:
    "Attention les aliments suivants concernent des espèces différentes et sont prévus d'être livrés dans les mêmes lieux de stockage",
  delaiTropCourt: 'Délai de livraison trop court',
  delaiTropCourtDialogue: 'Pour les lignes suivantes, le délai de livraison est trop court',
  modifierLignes: 'Merci de modifier vos lignes de commande',
  dupliquerReglementPartiel: "Le mode de règlement n'a pas pu être dupliqué sur toutes les lignes de votre commande.",
  supprimerLigne: typographie('Voulez-vous vraiment supprimer cette ligne de commande ?'),
  viderPanier: typographie('Voulez-vous vraiment supprimer toutes les lignes de votre panier ?'),
  panierVide: 'Votre panier est vide',
  melangerDechargement: 'MELANGER AU DECHARGEMENT',
  // Administration
  ...WIRE_MESSAGES,
  heurePivotBornes: 'Veuillez entrer une valeur comprise entre 0 et 23',
  /** A time field's minutes or seconds (ordering-area §5: 0 to 59); the words follow HEURE_PIVOT's. */
  minutesBornes: 'Veuillez entrer une valeur comprise entre 0 et 59',
  valeurRequise: 'Valeur requise',
  dateFinBandeau: 'La date de fin doit être supérieure ou égale à la date de début',
  typeNonReconnu: '--Type non reconnu--',
  valeurNonReconnue: '--Valeur non reconnue--',
  // Orders
  plusieursEtapes: 'Voir détails, plusieurs étapes',
  etapeInconnue: 'Inconu',
  commandeInvalideTitre: 'Commande invalide',
  commandeInvalideEntete: 'Veuillez corriger votre panier',
  corrigerPanier: 'Corriger mon panier',
} as const

/** cart-orders-admin.md's spelling of the truck-mode messages (curly apostrophe in "n’est"). */
export const MODE_CAMION_VARIANTE_PANIER = {
  min: (n: string) =>
    typographie(`Le mode camion sélectionné n’est pas compatible avec la quantité saisie : minimum ${n}t`),
  max: (n: string) =>
    typographie(`Le mode camion sélectionné n’est pas compatible avec la quantité saisie : maximum ${n}t`),
} as const

/** cart-orders-admin.md's spelling of the interval confirmation (two spaces after "L'intervalle"). */
export const INTERVALLE_VARIANTE_PANIER =
  "L'intervalle  entre les deux dates de livraison est au-delà de 5 jours. Voulez-vous continuer ?"
