// The demo accounts, password 'demo' for all (ARCHITECTURE "demo accounts"). Hashes are salted,
// so they differ at every run: the only non-deterministic column of the seed.
import { hashPassword } from '../auth/password'
import { users } from '../db/schema'
import type { Tx } from './batch'
import { DEMO } from './demo'
import { instantOn } from './rng'

const FARMER = ['COM_ALI_LECTURE_PERSONNELLE', 'COM_ALI_ECRITURE_PERSONNELLE']

const ACCOUNTS = [
  {
    username: DEMO.eleveur,
    displayName: 'GAEC des Trois Chênes',
    email: 'gaec.troischenes@example.org',
    roles: FARMER,
  },
  {
    username: DEMO.volailles,
    displayName: 'EARL Avicole de Kerbrat',
    email: 'earl.kerbrat@example.org',
    roles: FARMER,
  },
  {
    username: DEMO.contentieux,
    displayName: 'SCEA du Moulin Neuf',
    email: 'scea.moulinneuf@example.org',
    roles: FARMER,
  },
  { username: DEMO.vgm, displayName: 'GAEC de la Vallée Verte', email: null, roles: ['ADD_ALI_ADHERENT_VGM'] },
  // A user whose customer number is unknown: GET /web/v1/tiers/999999 answers TIERS_INEXISTANT.
  { username: DEMO.inconnu, displayName: 'Compte sans tiers', email: null, roles: ['COM_ALI_LECTURE_PERSONNELLE'] },
  {
    username: DEMO.conseiller,
    displayName: 'Julien Le Bihan (conseiller)',
    email: 'conseiller@example.org',
    roles: ['COM_ALI_ECRITURE_PORTEFEUILLE'],
  },
  {
    username: DEMO.admin,
    displayName: 'Service clients',
    email: 'service.clients@example.org',
    roles: ['COM_ALI_ADMIN_METIER', 'COM_ALI_ECRITURE_ARTICLE', 'COM_ALI_ECRITURE_TOUS'],
  },
  // Staff with a role of the cooperative's own: a member search only where STAFF_ROLES lists it.
  {
    username: DEMO.accueil,
    displayName: 'Accueil des adhérents',
    email: 'accueil@example.org',
    roles: ['COM_ALI_LECTURE_TOUS'],
  },
]

/** Hashed before the transaction opens, so it stays short. scrypt runs on libuv's thread pool:
 * hashing in parallel takes about one hash's time. */
export async function prepareAccounts(today: string): Promise<Array<typeof users.$inferInsert>> {
  const hashes = await Promise.all(ACCOUNTS.map(() => hashPassword('demo')))
  return ACCOUNTS.map((a, i) => ({ ...a, passwordHash: hashes[i]!, createdAt: instantOn(today, 8) }))
}

export async function seedAccounts(tx: Tx, rows: Array<typeof users.$inferInsert>) {
  await tx.insert(users).values(rows)
}
