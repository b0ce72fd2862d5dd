// Preparation for no signal (issue 24, item 1; one download since issue 50): once signed in, when
// an adviser chooses a member, when the app comes back to the foreground, when the server answers
// again and every 10 minutes while it is open, the device asks for the member's snapshot
// (GET hors-connexion) with the version it holds: one request, answered 304 when nothing changed.
// A new version is kept on the device (offline/snapshot, IndexedDB), seeded into the query cache
// under the very keys the screens read (src/api's query options), and the per-article reads of the
// order-line form and the payment step are answered from its tables (api/hors-connexion). Loaded
// after the first paint (ui/shell/preparation-watch), never an error dialog: a failure is the
// panel's to say.
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query'
import { DateTime } from 'luxon'
import { articlesQueryOptions } from '../api/articles'
import { isArticleRead } from '../api/article-reads'
import { commandesEnCoursQueryOptions, commandesHistoriqueQueryOptions, type OrderHistoryPage } from '../api/commandes'
import { isOnline } from '../api/connection'
import { contratsQueryOptions } from '../api/contrats'
import { ownerAtStart, stillSignedIn } from '../api/device-owner'
import { batimentsQueryOptions, exploitationsQueryOptions } from '../api/exploitations'
import { fetchHorsConnexion, holdSnapshot } from '../api/hors-connexion'
import { historyQueryOptions, livraisonsPageQueryKey } from '../api/livraisons'
import { lotsQueryOptions } from '../api/lots'
import { incidentPaiementQueryOptions, reglementTiersQueryOptions } from '../api/paiement'
import { parametresCommandeRawQueryOptions } from '../api/parametres-commande'
import { referentielQueryOptions } from '../api/referentiel'
import { currentScope, scoped, scopeEnded, scopeSignal } from '../api/session-scope'
import { tiersQueryOptions } from '../api/tiers'
import { meQueryOptions } from '../api/user'
import { inRound } from '../api/round'
import type { HorsConnexion } from '../contract/hors-connexion'
import { LIVRAISONS_PAGE, type Livraisons } from '../contract/livraisons'
import type { OrderPaging } from '../domain/history-paging'
import { askPeriodicRefresh, markSnapshotChecked, readSnapshotRow, storeSnapshot } from './snapshot'

/** What "Cet appareil" says about the member's copy. */
export interface SnapshotStatus {
  /** The snapshot's genereLe (ms), 0 when none is on the device. */
  genereLe: number
  /** When the server last said it is current (ms), 0 when never. */
  checkedAt: number
  /** The last snapshot could not be kept: the storage is full (it stays in memory meanwhile). */
  quotaFull: boolean
}

const NONE: SnapshotStatus = { genereLe: 0, checkedAt: 0, quotaFull: false }
const statuses = new Map<string, SnapshotStatus>()
/** The version held per member (the device's, or the one kept in memory when it could not be). */
const versions = new Map<string, string>()
/** The version last seeded into the query cache per member. */
const seeded = new Map<string, string>()
/** When this page last heard the server about a member's snapshot (a 200 or a 304). */
const heard = new Map<string, number>()
/** Heard from this recently, a trigger that is not the farmer's (a mount, a reconnection) asks
 * nothing: the watch is mounted again as the screens change, and a link that flaps would ask again
 * and again (seen: a second request, a 304, 2.5 s after the first). The page reloaded (the app
 * updated, the service worker taking control) counts what the device heard before it. */
const QUIET_MS = 30_000

// One preparation at a time; the panel follows it.
let running: { numTiers: string; scope: number; done: Promise<void> } | null = null
const listeners = new Set<() => void>()
export const preparing = (): boolean => running !== null
/** The member being prepared now, or null (an adviser's round shows its progress per member). */
export const preparingMember = (): string | null => running?.numTiers ?? null
export function subscribePreparation(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
const changed = () => listeners.forEach((l) => l())

/** The member's copy as the panel says it (NONE until the device's row is read). */
export const preparationStatus = (numTiers: string): SnapshotStatus => statuses.get(numTiers) ?? NONE

const setStatus = (numTiers: string, status: Partial<SnapshotStatus>) => {
  statuses.set(numTiers, { ...preparationStatus(numTiers), ...status })
  changed()
}

/** The owner's snapshot of this member on the device, or null: what the per-article reads are
 * answered from (the app hands this to api/hors-connexion). A copy newer than the one this page
 * knows (the service worker's periodic refresh wrote it) becomes the one asked about. */
export async function readOwnSnapshot(numTiers: string): Promise<HorsConnexion | null> {
  const owner = ownerAtStart()
  if (!owner || !stillSignedIn()) return null
  const row = await readSnapshotRow(owner, numTiers)
  if (!row) return null
  const genereLe = Date.parse(row.genereLe)
  if (!versions.has(numTiers) || genereLe > preparationStatus(numTiers).genereLe) {
    versions.set(numTiers, row.version)
    setStatus(numTiers, { genereLe, checkedAt: Date.parse(row.checkedAt) })
  }
  return row.data
}

/** Sets a query's data unless the cache holds a newer answer. */
function seed(qc: QueryClient, queryKey: QueryKey, data: unknown, at: number) {
  const state = qc.getQueryState(queryKey)
  if (state?.data !== undefined && state.dataUpdatedAt > at) return
  qc.setQueryData(queryKey, data, { updatedAt: at })
}

/** A paged list's first page: set when the screen holds no more than that page (more pages loaded
 * stay, and are asked again when the screen shows them). */
function seedFirstPage<T, P>(qc: QueryClient, queryKey: QueryKey, page: T, pageParam: P, at: number) {
  const state = qc.getQueryState<InfiniteData<T, P>>(queryKey)
  if (state?.data && state.data.pages.length > 1) return void qc.invalidateQueries({ queryKey, exact: true })
  seed(qc, queryKey, { pages: [page], pageParams: [pageParam] } satisfies InfiniteData<T, P>, at)
}

/**
 * The lists the screens read, from the snapshot, under their own query keys (src/api's options):
 * the infinite queries' first pages with the page parameters the screens start from.
 */
export function seedQueryCache(qc: QueryClient, s: HorsConnexion, at: number): void {
  const n = s.numTiers
  seed(qc, articlesQueryOptions(n).queryKey, s.articles, at)
  seed(qc, tiersQueryOptions(n).queryKey, s.tiers, at)
  seed(qc, referentielQueryOptions(n).queryKey, s.referentiel, at)
  seed(qc, parametresCommandeRawQueryOptions(n).queryKey, s.parametresCommande, at)
  seed(qc, lotsQueryOptions(n).queryKey, s.lots, at)
  seed(qc, contratsQueryOptions(n).queryKey, s.contrats, at)
  seed(qc, exploitationsQueryOptions(n).queryKey, s.exploitations, at)
  seed(qc, batimentsQueryOptions(n).queryKey, s.batiments, at)
  seed(qc, incidentPaiementQueryOptions(n).queryKey, s.incidentPaiement, at)
  seed(qc, reglementTiersQueryOptions(n, {}).queryKey, s.reglementTiers, at)
  seedFirstPage(qc, commandesEnCoursQueryOptions(n).queryKey, s.commandesEnCours, undefined, at)
  const { dateDebut, dateFin, commandes, precedente } = s.commandesHistorique
  const paging: OrderPaging = { window: { dateDebut, dateFin }, termine: false }
  seedFirstPage<OrderHistoryPage, OrderPaging>(
    qc,
    commandesHistoriqueQueryOptions(n, DateTime.now()).queryKey,
    { paging, commandes, precedente },
    paging,
    at,
  )
  // The history's first page, and the page query it is read through (api/livraisons), when the
  // snapshot's page is that page: it holds up to LIVRAISONS_LIMITE_DEFAUT lines, the history's
  // first page LIVRAISONS_PAGE; with fewer lines than that, both are the whole window, the same.
  if (s.livraisons.lignes.length < LIVRAISONS_PAGE) {
    seed(qc, livraisonsPageQueryKey(n, {}), s.livraisons, at)
    seedFirstPage<Livraisons, object>(qc, historyQueryOptions(qc, n).queryKey, s.livraisons, {}, at)
  }
  // The per-article answers follow the new tables (the screens' at once, the others when asked).
  void qc.invalidateQueries({ predicate: (q) => isArticleRead(q.queryKey) && q.queryKey.includes(n) })
}

/** The customer is still the one the session acts for (staff may have changed member: the calls
 * for the previous one would be refused). A farmer's username is their customer number. */
function stillActingFor(qc: QueryClient, numTiers: string): boolean {
  const me = qc.getQueryData(meQueryOptions().queryKey)
  // An adviser's round: each of its members is prepared, whichever is acted for (issue 52).
  return me !== undefined && ((me.actingFor ?? me.username) === numTiers || inRound(numTiers))
}

const goOn = (qc: QueryClient, numTiers: string, scope: number) =>
  !scopeEnded(scope) && stillSignedIn() && stillActingFor(qc, numTiers)

async function prepare(qc: QueryClient, numTiers: string, scope: number, force: boolean): Promise<void> {
  const owner = ownerAtStart()
  if (!owner) return
  // The device's copy first: its version is the one asked about, and it answers the screens.
  const held = await readOwnSnapshot(numTiers)
  if (held && held.version === versions.get(numTiers) && seeded.get(numTiers) !== held.version) {
    seeded.set(numTiers, held.version)
    holdSnapshot(held)
    seedQueryCache(qc, held, preparationStatus(numTiers).checkedAt)
  }
  if (!isOnline() || !goOn(qc, numTiers, scope)) return
  // Heard by this page, or by the device (the copy's last check, kept with it): a reload does not
  // ask again what the page before it heard a moment ago.
  const lastHeard = Math.max(heard.get(numTiers) ?? 0, preparationStatus(numTiers).checkedAt)
  if (!force && Date.now() - lastHeard < QUIET_MS) return
  performance.mark('silo-preparation-start')
  const answer = await scoped(fetchHorsConnexion(numTiers, versions.get(numTiers) ?? null, scopeSignal())).catch(
    () => null,
  )
  if (!answer || !goOn(qc, numTiers, scope)) return
  const now = new Date()
  heard.set(numTiers, now.getTime())
  if (!answer.changed) {
    await markSnapshotChecked(owner, numTiers, versions.get(numTiers)!, now)
    setStatus(numTiers, { checkedAt: now.getTime() })
  } else {
    const s = answer.snapshot
    versions.set(numTiers, s.version)
    seeded.set(numTiers, s.version)
    holdSnapshot(s)
    seedQueryCache(qc, s, now.getTime())
    const stored = await storeSnapshot(owner, s, now)
    if (stored === 'stored') void askPeriodicRefresh()
    setStatus(numTiers, { genereLe: Date.parse(s.genereLe), checkedAt: now.getTime(), quotaFull: stored === 'quota' })
  }
  performance.mark('silo-preparation-end')
}

/**
 * Prepares this customer's data for no signal: one conditional request (the same member in the
 * same scope while one is under way: that one). `force`: the farmer asked, or the app came back to
 * the foreground; otherwise nothing is asked within QUIET_MS of the last answer. Resolves when
 * done; never rejects.
 */
export function prepareForNoSignal(qc: QueryClient, numTiers: string, force = false): Promise<void> {
  const scope = currentScope()
  if (running?.numTiers === numTiers && running.scope === scope) return running.done
  const previous = running?.done
  const done = (async () => {
    await previous // the previous customer's first: one at a time
    if (!stillSignedIn() || scopeEnded(scope)) return
    await prepare(qc, numTiers, scope, force)
  })()
    .catch(() => undefined)
    .finally(() => {
      if (running?.done === done) running = null
      changed()
    })
  running = { numTiers, scope, done }
  changed()
  return done
}
