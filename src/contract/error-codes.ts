// The codes the server puts in an error's body ({ message, code }): the server writes them and the
// client reads them from here, one spelling on both sides. The message is the French reason shown;
// the code is what a program decides on.
export const CODES_ERREUR = {
  /** 400: the request does not follow the contract (its schemas) or its JSON is malformed. */
  REQUETE_INVALIDE: 'REQUETE_INVALIDE',
  /** 403: the session may not do this (role, or a customer it does not act for). */
  ACCES_NON_AUTHORISE: 'ACCES_NON_AUTHORISE',
  /** 403: staff have chosen no member, or another one (the choice proof names who). */
  ADHERENT_NON_CHOISI: 'ADHERENT_NON_CHOISI',
  /** 403: an adviser bound to a portfolio, for a member outside it (or removed from it since). */
  HORS_PORTEFEUILLE: 'HORS_PORTEFEUILLE',
  TIERS_INEXISTANT: 'TIERS_INEXISTANT',
  /** 422: a round of more members than TOURNEE_MAX. */
  TOURNEE_TROP_LONGUE: 'TOURNEE_TROP_LONGUE',
  ARTICLE_INEXISTANT: 'ARTICLE_INEXISTANT',
  COMMANDE_INEXISTANTE: 'COMMANDE_INEXISTANTE',
  MESSAGE_INEXISTANT: 'MESSAGE_INEXISTANT',
  PARAMETRE_INEXISTANT: 'PARAMETRE_INEXISTANT',
  /** 409: the same Idempotency-Key is being processed by another request: try again shortly. */
  IDEMPOTENCE_EN_COURS: 'IDEMPOTENCE_EN_COURS',
  /** 503: every database connection is busy: try again shortly. */
  SERVEUR_OCCUPE: 'SERVEUR_OCCUPE',
  /** 503: the database cannot be reached. */
  BASE_INDISPONIBLE: 'BASE_INDISPONIBLE',
  /** 401: no session, or one that has ended (the client refreshes it once, then signs in). */
  NON_AUTHENTIFIE: 'NON_AUTHENTIFIE',
  SESSION_EXPIREE: 'SESSION_EXPIREE',
  /** 401/429: the sign-in was refused (wrong identifiers, or tries too close together). */
  AUTHENTIFICATION: 'AUTHENTIFICATION',
  /** 503: too many sign-ins at once. */
  CONNEXIONS_SATUREES: 'CONNEXIONS_SATUREES',
  /** 403: a write that does not come from Silo's own pages (Origin). */
  ORIGINE_REFUSEE: 'ORIGINE_REFUSEE',
  /** 413: a body over the route's limit. */
  REQUETE_TROP_VOLUMINEUSE: 'REQUETE_TROP_VOLUMINEUSE',
  /** 500: a fault of the server itself (its request id is in the body and the log). */
  ERREUR_TECHNIQUE: 'ERREUR_TECHNIQUE',
  /** 404: no such route. */
  INTROUVABLE: 'INTROUVABLE',
  /** 409: the cooperative refuses lines of the order (the message names them). */
  COMMANDE_INVALIDE: 'COMMANDE_INVALIDE',
  /** 400/422: an Idempotency-Key of the wrong form, or already used for another request. */
  IDEMPOTENCE_INVALIDE: 'IDEMPOTENCE_INVALIDE',
  IDEMPOTENCE_AUTRE_REQUETE: 'IDEMPOTENCE_AUTRE_REQUETE',
  ENTITE_INCONNUE: 'ENTITE_INCONNUE',
  AIDE_INEXISTANTE: 'AIDE_INEXISTANTE',
  PARAMETRES_INEXISTANTS: 'PARAMETRES_INEXISTANTS',
  VALEUR_INVALIDE: 'VALEUR_INVALIDE',
  RECHERCHE_TROP_COURTE: 'RECHERCHE_TROP_COURTE',
  HISTORIQUE_TERMINE: 'HISTORIQUE_TERMINE',
  TIERS_DIFFERENT: 'TIERS_DIFFERENT',
  PERIODE_INVALIDE: 'PERIODE_INVALIDE',
  /** 401: the integration API's key is missing, malformed, unknown or revoked. */
  CLE_API_INVALIDE: 'CLE_API_INVALIDE',
  /** 403: a session cookie on the integration API, which only API keys open. */
  SESSION_REFUSEE: 'SESSION_REFUSEE',
  /** 429: an API key over its rate limit: try again after Retry-After. */
  TROP_DE_REQUETES: 'TROP_DE_REQUETES',
  /** 400: an integration write without its Idempotency-Key. */
  IDEMPOTENCE_REQUISE: 'IDEMPOTENCE_REQUISE',
  /** 409: a step the line cannot take from where it is (backwards, after a final step…). */
  ETAPE_REFUSEE: 'ETAPE_REFUSEE',
  /** 422: a delivery whose quantity, date, line, article or address makes no sense. */
  LIVRAISON_INVALIDE: 'LIVRAISON_INVALIDE',
  /** 409: a delivery number already in the history. */
  LIVRAISON_EXISTANTE: 'LIVRAISON_EXISTANTE',
  /** 422: an integration write naming a farm, building, lot, address, article, order or truck mode that is not the member's (or none). */
  REFERENCE_INCONNUE: 'REFERENCE_INCONNUE',
  /** 422: an integration write dated before its order (or 2000-01-01), or after today. */
  DATE_HORS_PERIODE: 'DATE_HORS_PERIODE',
  /** 401: an API key past its end (expire_a). */
  CLE_API_EXPIREE: 'CLE_API_EXPIREE',
  /** 403: an API key whose scope does not open this route (a read-only key posting a step…). */
  CLE_API_PORTEE: 'CLE_API_PORTEE',
  /** 404/409: a member with no sign-in account, or no mail address to send its link to. */
  COMPTE_INEXISTANT: 'COMPTE_INEXISTANT',
  ADRESSE_ELECTRONIQUE_ABSENTE: 'ADRESSE_ELECTRONIQUE_ABSENTE',
  /** 409: sign-in links are disabled (no PUBLIC_URL on a Silo reachable from other machines). */
  LIENS_DESACTIVES: 'LIENS_DESACTIVES',
} as const
