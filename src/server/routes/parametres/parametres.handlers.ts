import { and, asc, eq } from 'drizzle-orm'
import type { Parametre } from '../../../contract/parametres'
import type { JeuParametres } from '../../../contract/limits'
import type { Db } from '../../db/client'
import { parametres } from '../../db/schema'

const columns = {
  categorie: parametres.categorie,
  code: parametres.code,
  value: parametres.value,
  libelle: parametres.libelle,
}

export async function listParametres(db: Db, jeu: JeuParametres): Promise<Parametre[]> {
  return db
    .select(columns)
    .from(parametres)
    .where(eq(parametres.jeu, jeu))
    .orderBy(asc(parametres.categorie), asc(parametres.code))
}

const key = (jeu: string, categorie: string, code: string) =>
  and(eq(parametres.jeu, jeu), eq(parametres.categorie, categorie), eq(parametres.code, code))

export async function findParametre(
  db: Db,
  jeu: JeuParametres,
  categorie: string,
  code: string,
): Promise<Parametre | null> {
  const [row] = await db
    .select(columns)
    .from(parametres)
    .where(key(jeu, categorie, code))
    .limit(1)
  return row ?? null
}

/** Saves the value (already checked and normalised); null when the parameter does not exist. */
export async function updateParametre(
  db: Db,
  jeu: JeuParametres,
  categorie: string,
  code: string,
  value: string,
  updatedBy: string,
  updatedAt: Date,
): Promise<Parametre | null> {
  const [row] = await db
    .update(parametres)
    .set({ value, updatedBy, updatedAt })
    .where(key(jeu, categorie, code))
    .returning(columns)
  return row ?? null
}
