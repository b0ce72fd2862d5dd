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
  TIERS_INEXISTANT: 'TIERS_INEXISTANT',
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
} as const
