// Numbers of the demo cooperative that tests and screens rely on. Dates are relative to `today`.
export const DEMO = {
  eleveur: '100001',
  volailles: '100002',
  contentieux: '100003',
  vgm: '100004',
  inconnu: '999999',
  conseiller: 'conseiller',
  /** The one demo member outside the adviser's portfolio (seed/portfolios.ts). */
  horsPortefeuille: '100114',
  admin: 'admin',
  /** Customer service with a role of its own (COM_ALI_LECTURE_TOUS), not one of the five Silo lists
   * as staff: refused (Accès non autorisé) unless the server's STAFF_ROLES names it. */
  accueil: 'accueil',
  /** 100001: addresses 1–3 active, 4 suspended ('S'); address 3 refuses articles 470101 and 470104. */
  eleveurAdresses: { actives: [1, 2, 3], suspendue: 4 },
  contrats: {
    /** 100001, VL Production 18 %: ends today+18 with 35.5 t left → the menu badge. */
    finProche: 'CT2026-0412',
    /** 100001, Porc finition: current until today+200. */
    enCours: 'CT2026-0415',
    /** 100001, Porc croissance 2e âge: starts today+20 (Contrats à venir). */
    futur: 'CT2027-0031',
  },
  lots: {
    /** 100002, meat chickens placed today-20, two plans (principal + alternative). */
    chairDeuxPlans: 'VL10231',
    /** 100002, layers placed today-70: tranche 1 and 2 complete, tranche 3 recommended. */
    pondeuses: 'OL20417',
    /** 100002, placed today+10: its plan has not started. */
    chairAVenir: 'VL10232',
    /** 100002, placed today-120: its plan has ended. */
    chairTermine: 'VL10198',
    /** 100002, chicks arriving today+6 in Poulailler 3: the first tranche must be ordered this week. */
    chairACommander: 'VL10233',
    /** 100002, placed today-38 in Poulailler 3, every tranche ordered: nothing to order. */
    chairCouvert: 'VL10229',
  },
  /** 100001: heifer feed delivered every 14 days at address 1, last today-11: next usual delivery today+3. */
  alimentRegulier: { numArticle: '410106', numAdresse: 1, intervalleJours: 14, derniereLivraison: -11, quantite: 7.5 },
} as const
