import { asc, eq, ne } from 'drizzle-orm'
import type { Message } from '../../../contract/messages'
import type { Db } from '../../db/client'
import { messagesBandeau } from '../../db/schema'

const columns = {
  id: messagesBandeau.id,
  texte: messagesBandeau.texte,
  dateDebut: messagesBandeau.dateDebut,
  dateFin: messagesBandeau.dateFin,
}

export interface MessageValues {
  texte: string
  dateDebut: string
  dateFin: string
}

/** Every message, current and past; the screen splits them. Entries with id -1 are ignored. */
export async function listMessages(db: Db): Promise<Message[]> {
  return db
    .select(columns)
    .from(messagesBandeau)
    .where(ne(messagesBandeau.id, -1))
    .orderBy(asc(messagesBandeau.dateDebut), asc(messagesBandeau.id))
}

export async function findMessage(db: Db, id: number): Promise<Message | null> {
  if (id === -1) return null
  const [row] = await db.select(columns).from(messagesBandeau).where(eq(messagesBandeau.id, id)).limit(1)
  return row ?? null
}

export async function insertMessage(db: Db, values: MessageValues): Promise<Message> {
  const [row] = await db.insert(messagesBandeau).values(values).returning(columns)
  return row!
}

/** null when the message does not exist (any more). */
export async function updateMessageRow(db: Db, id: number, values: MessageValues): Promise<Message | null> {
  const [row] = await db.update(messagesBandeau).set(values).where(eq(messagesBandeau.id, id)).returning(columns)
  return row ?? null
}

export async function deleteMessageRow(db: Db, id: number): Promise<Message | null> {
  const [row] = await db.delete(messagesBandeau).where(eq(messagesBandeau.id, id)).returning(columns)
  return row ?? null
}
