// Preparation for no signal (issue 24, item 1): once signed in, when an adviser chooses a member,
// when the server answers again and when the copy grows old, the device fetches in the background
// everything needed to browse and to build and confirm an order for the customer acted for. One
// mechanism: TanStack Query's prefetch with the very query options the screens use, so the
// persisted query cache holds exactly the keys the screens read offline (no second copy here;
// the service worker's runtime cache keeps the responses it sees, as for any read). Loaded after
// the first paint (ui/shell/preparation-watch), three requests at a time, never an error dialog.
import type {
  DefaultError,
  FetchInfiniteQueryOptions,
  FetchQueryOptions,
  QueryClient,
  QueryKey,
} from '@tanstack/react-query'
import { DateTime } from 'luxon'
import {
  articlesQueryOptions,
  contraintesLivraisonQueryOptions,
  minerauxQueryOptions,
  supplementationsQueryOptions,
  validationAdresseQueryOptions,
} from '../api/articles'
import { commandesEnCoursQueryOptions, commandesHistoriqueQueryOptions } from '../api/commandes'
import { articleCopyRestored } from '../api/article-reads'
import { isOnline } from '../api/connection'
import { holdReads } from '../api/http-client'
import { nextTask } from '../api/next-task'
import { stillSignedIn } from '../api/device-owner'
import { currentScope, scoped, scopeEnded } from '../api/session-scope'
import { meQueryOptions } from '../api/user'
import type { Article } from '../contract/articles'
import type { Lot } from '../contract/lots'
import type { Tiers } from '../contract/tiers'
import { contratsQueryOptions } from '../api/contrats'
import { batimentsQueryOptions, exploitationsQueryOptions } from '../api/exploitations'
import { historyQueryOptions } from '../api/livraisons'
import { lotsQueryOptions } from '../api/lots'
import { reglementTiersQueryOptions } from '../api/paiement'
import { parametresCommandeRawQueryOptions } from '../api/parametres-commande'
import { referentielQueryOptions } from '../api/referentiel'
import { tiersQueryOptions } from '../api/tiers'
import { feedList, isOrderableArticle, offeredAddresses } from '../domain/articles'
import { ZONE } from '../domain/calendar'
import { LECTURES_MAX } from '../contract/lectures'

/** What "Cet appareil" lists, in this order, with these words. */
const PREPARATION_KINDS = [
  ['articles', 'Articles'],
  ['lots', 'Lots et plans'],
  ['reglements', 'Règlements'],
  ['contrats', 'Contrats'],
  ['commandes', 'Commandes'],
  ['historique', 'Historique'],
  ['exploitations', 'Exploitations et bâtiments'],
] as const
type PreparationKind = (typeof PREPARATION_KINDS)[number][0]

/** A copy older than this is prepared again (ARCHITECTURE "when the copy grows old"). */
const PREPARATION_MAX_AGE_MS = 4 * 60 * 60_000
/** At most this many requests at a time: the preparation never crowds out the farmer's own
 * (Chromium opens six connections per server: three stay for the screens). Measured: with two, the
 * demo customers took 50–59 s on 1.6 Mbps / 150 ms RTT, each request waiting mostly for the RTT. */
const PARALLEL = 3
/** Delivery constraints are one request per article and address: beyond this many addresses (a
 * farm has a handful), the others are left to the form's offline note ("la coopérative les
 * vérifiera"), so a customer with hundreds of addresses still gets prepared in bounded time. */
const MAX_ADDRESSES = 10
// A failure is the preparation's to note (the panel says what is missing), never a dialog.
const meta = { errorDialog: false }

interface Task {
  kind: PreparationKind
  queryKey: QueryKey
  /** Fetches unless fresh (force: fetches anyway). */
  run: (force: boolean) => Promise<unknown>
}

/** A read the screens make, prefetched with their very options (from src/api's queryOptions). */
function task<T, K extends QueryKey>(
  qc: QueryClient,
  kind: PreparationKind,
  options: FetchQueryOptions<T, DefaultError, T, K>,
): Task {
  return {
    kind,
    queryKey: options.queryKey,
    run: (force) => qc.prefetchQuery({ ...options, meta, ...(force ? { staleTime: 0 } : {}) }),
  }
}

/** A paged read (src/api's infiniteQueryOptions): its first page, as the screen loads it. */
function infiniteTask<T, K extends QueryKey, P>(
  qc: QueryClient,
  kind: PreparationKind,
  options: FetchInfiniteQueryOptions<T, DefaultError, T, K, P>,
): Task {
  return {
    kind,
    queryKey: options.queryKey,
    run: (force) => qc.prefetchInfiniteQuery({ ...options, meta, ...(force ? { staleTime: 0 } : {}) }),
  }
}

/** What comes first: the lists the rest is derived from, and the screens' own data. */
function baseTasks(qc: QueryClient, numTiers: string): Task[] {
  const now = DateTime.now().setZone(ZONE)
  return [
    task(qc, 'articles', articlesQueryOptions(numTiers)),
    task(qc, 'articles', tiersQueryOptions(numTiers)),
    task(qc, 'articles', referentielQueryOptions(numTiers)),
    task(qc, 'articles', parametresCommandeRawQueryOptions(numTiers)),
    task(qc, 'lots', lotsQueryOptions(numTiers)),
    task(qc, 'contrats', contratsQueryOptions(numTiers)),
    infiniteTask(qc, 'commandes', commandesEnCoursQueryOptions(numTiers)),
    infiniteTask(qc, 'commandes', commandesHistoriqueQueryOptions(numTiers, now)),
    infiniteTask(qc, 'historique', historyQueryOptions(qc, numTiers)),
    task(qc, 'exploitations', exploitationsQueryOptions(numTiers)),
    task(qc, 'exploitations', batimentsQueryOptions(numTiers)),
  ]
}

/** What the order-line form reads for each article the customer may order (from Aliments or a
 * lot's plan): its supplements, minerals, parameters, and delivery constraints per address. */
function articleTasks(qc: QueryClient, numTiers: string): Task[] {
  const articles = qc.getQueryData<Article[]>(articlesQueryOptions(numTiers).queryKey)
  const tiers = qc.getQueryData<Tiers>(tiersQueryOptions(numTiers).queryKey)
  const lots = qc.getQueryData<Lot[]>(lotsQueryOptions(numTiers).queryKey) ?? []
  const adresses = offeredAddresses(tiers?.adresses ?? [])
    .map((a) => a.numAdr)
    .slice(0, MAX_ADDRESSES)
  const wanted: { kind: PreparationKind; numArticle: string; type: string; numLot?: string | null }[] = []
  for (const a of feedList(articles ?? [], []).flatMap((g) => g.articles))
    if (isOrderableArticle(a))
      wanted.push({ kind: 'articles', numArticle: a.numArticle, type: a.codeTypeArticle ?? '' })
  for (const lot of lots)
    for (const plan of lot.plansAlimentation)
      for (const tranche of plan.tranches)
        for (const a of tranche.articles)
          if (a.artCommandable)
            wanted.push({ kind: 'lots', numArticle: a.numArticle, type: a.codeTypeArticle, numLot: lot.numLot })

  const tasks = new Map<string, Task>()
  const add = (t: Task) => tasks.has(JSON.stringify(t.queryKey)) || tasks.set(JSON.stringify(t.queryKey), t)
  for (const w of wanted) {
    const type = w.type || 'A' // as the form reads it
    add(task(qc, w.kind, parametresCommandeRawQueryOptions(numTiers, w.numArticle, w.numLot ?? undefined)))
    add(task(qc, w.kind, supplementationsQueryOptions(type, w.numArticle, numTiers)))
    add(task(qc, w.kind, minerauxQueryOptions(type, w.numArticle, numTiers)))
    // The payment step asks the customer's terms per line's article (cart-orders-admin §7).
    add(
      task(
        qc,
        'reglements',
        reglementTiersQueryOptions(numTiers, { numArticle: w.numArticle, codeTypeArticle: w.type }),
      ),
    )
    for (const numAdr of adresses) {
      add(task(qc, w.kind, contraintesLivraisonQueryOptions(type, w.numArticle, numTiers, numAdr)))
      // The address's specifications, so the form refuses an incompatible address offline too.
      add(task(qc, w.kind, validationAdresseQueryOptions(w.numArticle, numTiers, numAdr)))
    }
  }
  return [...tasks.values()]
}

export interface KindStatus {
  kind: PreparationKind
  label: string
  /** The oldest copy of this kind (ms), 0 when none is on the device. */
  at: number
  /** How many of its requests have no copy on the device. */
  missing: number
}

/** Per kind: since when it is ready, and what is missing (from the query cache itself). */
export function preparationStatus(qc: QueryClient, numTiers: string): KindStatus[] {
  const tasks = [...baseTasks(qc, numTiers), ...articleTasks(qc, numTiers)]
  return PREPARATION_KINDS.map(([kind, label]) => {
    const dates = tasks
      .filter((t) => t.kind === kind)
      .map((t) => qc.getQueryState(t.queryKey))
      .map((s) => (s?.data !== undefined ? s.dataUpdatedAt : 0))
    const present = dates.filter((d) => d > 0)
    return { kind, label, at: present.length ? Math.min(...present) : 0, missing: dates.length - present.length }
  })
}

/** Whether the copy must be prepared again: something missing, or older than PREPARATION_MAX_AGE_MS. */
export function preparationDue(qc: QueryClient, numTiers: string, now = Date.now()): boolean {
  return preparationStatus(qc, numTiers).some((s) => s.missing > 0 || now - s.at > PREPARATION_MAX_AGE_MS)
}

// One preparation at a time; the panel follows it.
let running: { numTiers: string; scope: number; done: Promise<void> } | null = null
const listeners = new Set<() => void>()
export const preparing = (): boolean => running !== null
export function subscribePreparation(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
const changed = () => listeners.forEach((l) => l())

/** The customer is still the one the session acts for (staff may have changed member: the calls
 * for the previous one would be refused). A farmer's username is their customer number. */
function stillActingFor(qc: QueryClient, numTiers: string): boolean {
  const me = qc.getQueryData(meQueryOptions().queryKey)
  return me !== undefined && (me.actingFor ?? me.username) === numTiers
}

// Offline, stop: the server's return starts the preparation again. Signed out, member changed
// (the scope ended before the server was told), or another person signed in in another tab: stop
// for good, nothing more is fetched for them.
const goOn = (qc: QueryClient, numTiers: string, scope: number) =>
  isOnline() && !scopeEnded(scope) && stillSignedIn() && stillActingFor(qc, numTiers)

async function runTasks(qc: QueryClient, numTiers: string, tasks: Task[], force: boolean, scope: number) {
  let next = 0
  // Each start in a task of its own: a query's start runs the client's checks and its fetch.
  const worker = async () => {
    for (;;) {
      await nextTask()
      if (next >= tasks.length || !goOn(qc, numTiers, scope)) return
      await scoped(tasks[next++]!.run(force)).catch(() => undefined)
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker))
}

/** Queries started per task: each start costs a little (the query, its key, its events), and a
 * hundred in one task made one of 50–70 ms on an unthrottled CPU; ten, tasks of 13–20 ms with
 * their answers' work, which Lighthouse's simulation counts four times over (issue 29). */
const STARTS_PER_TASK = 5

/**
 * Groups of reads in flight at once: while the server answers one, the next crosses the link. A
 * cooperative's member who may order most of 1,500 articles has some 75 groups to fetch; one at a
 * time, each waited for a round trip on top of the server's work (31 s on the bench's slow link,
 * issue 40). Two stay well inside a session's budget (api/grouped-reads, docs/grouped-reads-budget.md).
 */
const GROUPS_IN_FLIGHT = 2

/** The articles' reads, LECTURES_MAX at a time: asked over several tasks but held together, the
 * client sends each hundred as one request (api/grouped-reads), one round trip where there were a
 * hundred. */
async function runGrouped(qc: QueryClient, numTiers: string, tasks: Task[], force: boolean, scope: number) {
  let next = 0
  const sendGroups = async () => {
    while (next < tasks.length && goOn(qc, numTiers, scope)) {
      const group = tasks.slice(next, next + LECTURES_MAX)
      next += LECTURES_MAX
      const runs: Promise<unknown>[] = []
      const release = holdReads()
      try {
        for (const [j, t] of group.entries()) {
          if (j > 0 && j % STARTS_PER_TASK === 0) {
            await nextTask()
            if (!goOn(qc, numTiers, scope)) break
          }
          runs.push(scoped(t.run(force)).catch(() => undefined))
        }
      } finally {
        release()
      }
      await Promise.all(runs)
    }
  }
  await Promise.all(Array.from({ length: GROUPS_IN_FLIGHT }, sendGroups))
}

/**
 * Prepares this customer's data for no signal. Fresh copies (within each query's own staleTime)
 * are kept unless `force` ("Mettre à jour maintenant"). Resolves when done; never rejects.
 */
export function prepareForNoSignal(qc: QueryClient, numTiers: string, force = false): Promise<void> {
  const scope = currentScope()
  // The same customer in the same scope: the one under way (a member chosen again after a change
  // starts anew: the previous run stops at its next call).
  if (running?.numTiers === numTiers && running.scope === scope) return running.done
  const previous = running?.done
  const done = (async () => {
    await previous // the previous customer's first: one at a time
    if (!isOnline() || !stillSignedIn() || scopeEnded(scope)) return
    performance.mark('silo-preparation-start')
    await runTasks(qc, numTiers, baseTasks(qc, numTiers), force, scope)
    // The lists are in the cache now: what each orderable article needs (a few hundred keys
    // built: a task of its own before the first starts). The device's copy of them first: what it
    // holds fresh is not asked again.
    await articleCopyRestored()
    const tasks = articleTasks(qc, numTiers)
    await nextTask()
    await runGrouped(qc, numTiers, tasks, force, scope)
    performance.mark('silo-preparation-end')
  })().finally(() => {
    if (running?.done === done) running = null
    changed()
  })
  running = { numTiers, scope, done }
  changed()
  return done
}
