// Orders refused for good that the device keeps until the adviser says they have dealt with them
// (issue 52): the member was removed from the adviser's portfolio after the order was confirmed
// (HORS_PORTEFEUILLE). The order can go to nobody else and must not be lost: it stays here, refused,
// for the adviser to export (a CSV file for the cooperative) and then remove. Changing member keeps
// it (wipe.ts); signing out seals it with the adviser's other unsent work (seal.ts).
import { useLiveQuery } from 'dexie-react-hooks'
import { CODES_ERREUR } from '../contract/error-codes'
import { byCharacters } from '../domain/compare'
import { db, type OutboxRow } from './db'

export const keptForExport = (r: OutboxRow): boolean =>
  r.status === 'rejected' && (r.kind ?? 'commande') === 'commande' && r.errorCode === CODES_ERREUR.HORS_PORTEFEUILLE

/** This user's kept refusals, oldest first; live. */
export function useKeptRefusals(owner: string): OutboxRow[] | undefined {
  return useLiveQuery(async () => {
    const rows = await db.outbox.where('status').equals('rejected').toArray()
    return rows
      .filter((r) => r.owner === owner && keptForExport(r))
      .sort((a, b) => byCharacters(a.createdAt, b.createdAt))
  }, [owner])
}
