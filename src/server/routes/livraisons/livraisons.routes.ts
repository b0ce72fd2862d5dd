// The delivery history (ordering-area §2, §7): GET /web/v1/tiers/{numTiers}/livraisons.
import { CODES_ERREUR } from '../../../contract/error-codes'
import { Hono } from 'hono'
import { NumTiersParam } from '../../../contract/common'
import { CURSEUR_SUIVANT } from '../../../contract/commandes'
import { Livraisons, LivraisonsQuery, LIVRAISONS_ROUTE } from '../../../contract/livraisons'
import { MESSAGES } from '../../../domain/constants'
import { badRequest } from '../../http/http-error'
import { loadLivraisons } from '../../services/livraisons'
import { forCustomer } from '../../auth/access'
import { describeRead } from '../../http/describe'
import type { AppEnv } from '../../http/env'
import { validate } from '../../http/validate'

export const livraisonsRoutes = new Hono<AppEnv>()

livraisonsRoutes.get(
  LIVRAISONS_ROUTE,
  describeRead(
    'Historique des livraisons : la fenêtre de 3 mois finissant à dateFin (aujourd’hui par défaut), limite lignes à la fois après le curseur apres ; suite donne le curseur du reste de la fenêtre',
    'catalogue',
    Livraisons,
  ),
  validate('param', NumTiersParam),
  forCustomer,
  validate('query', LivraisonsQuery),
  async (c) => {
    const { numTiers } = c.req.valid('param')
    const { db, clock } = c.get('deps')
    const { dateFin, limite, apres } = c.req.valid('query')
    const page = await loadLivraisons(db, numTiers, dateFin, clock.now(), { limite, apres })
    if (!page) throw badRequest(MESSAGES.historiqueTermine, CODES_ERREUR.HISTORIQUE_TERMINE)
    // As the orders' pages: the cursor in the header too.
    if (page.suite) c.header(CURSEUR_SUIVANT, page.suite)
    return c.json(page satisfies Livraisons)
  },
)
