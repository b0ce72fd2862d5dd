import { asc, gte, isNull, or } from 'drizzle-orm'
import type { Referentiel } from '../../contract/referentiel'
import type { Db } from '../db/client'
import {
  commentairesPredefinis,
  departements,
  messagesBandeau,
  modesCamion,
  periodesLivraison,
  presentationsArticles,
  typesSilo,
} from '../db/schema'

/** Everything the browser needs to label codes and fill selectors, in one answer. */
export async function loadReferentiel(db: Db, today: string): Promise<Referentiel> {
  const [periodes, messages, deps, presentations, camions, silos, commentaires] = await Promise.all([
    db.select().from(periodesLivraison).orderBy(asc(periodesLivraison.ordre)),
    // Messages still current (no end, or ending today or later); the client shows those started.
    db
      .select()
      .from(messagesBandeau)
      .where(or(isNull(messagesBandeau.dateFin), gte(messagesBandeau.dateFin, today)))
      .orderBy(asc(messagesBandeau.dateDebut)),
    db.select().from(departements).orderBy(asc(departements.code)),
    db.select().from(presentationsArticles).orderBy(asc(presentationsArticles.code)),
    db.select().from(modesCamion).orderBy(asc(modesCamion.ordre)),
    db.select().from(typesSilo).orderBy(asc(typesSilo.ordre), asc(typesSilo.code)),
    db.select().from(commentairesPredefinis).orderBy(asc(commentairesPredefinis.ordre)),
  ])
  return {
    periodesLivraison: periodes.map((p) => ({ code: p.code, libelle: p.libelle })),
    libellesPeriodesLivraisons: Object.fromEntries(periodes.map((p) => [p.code, p.libelle])),
    messagesBandeau: messages
      .filter((m) => m.id !== -1)
      .map((m) => ({ id: m.id, texte: m.texte, dateDebut: m.dateDebut, dateFin: m.dateFin })),
    departements: deps.map((d) => ({ code: d.code, libelle: d.libelle })),
    presentationsArticles: presentations.map((p) => ({ code: p.code, libelle: p.libelle })),
    modesCamion: camions.map((m) => ({
      code: m.code,
      libelle: m.libelle,
      libelleOption: m.libelleOption,
      minQuantite: m.minQuantite,
      maxQuantite: m.maxQuantite,
      delaiMinLivraison: m.delaiMinLivraison,
    })),
    typesSilo: silos.map((s) => ({ code: s.code, libelle: s.libelle })),
    typesSiloDefault: silos.filter((s) => s.parDefaut).map((s) => s.code),
    commentairesPredefinis: commentaires.map((c) => ({ codeTypeSilo: c.codeTypeSilo, libelle: c.libelle })),
  }
}
