// The grouped reads of one session, sent back to back (issue 42): what `npm run bench:api` runs
// beside the orders to see whether a device preparing for no signal (or a script doing as much
// on 8 connections) slows other farmers' orders. The group is the preparation's own kind of
// group (src/offline/preparation.ts): per orderable article of the demo farmer, its supplements,
// minerals, parameters, payment terms and delivery constraints per address, LECTURES_MAX reads.
import autocannon from 'autocannon'
import {
  contraintesLivraisonPath,
  minerauxPath,
  supplementationsPath,
  ARTICLES_PATH,
} from '../../../src/contract/articles'
import { LECTURES_MAX, LECTURES_PATH } from '../../../src/contract/lectures'
import { reglementTiersPath } from '../../../src/contract/paiement'
import { PARAMETRES_COMMANDE_PATH } from '../../../src/contract/parametres-commande'
import { tiersPath } from '../../../src/contract/tiers'

async function getJson<T>(base: string, path: string, cookie: string): Promise<T> {
  const res = await fetch(base + path, { headers: { cookie, accept: 'application/json' } })
  if (!res.ok) throw new Error(`${path}: ${res.status}`)
  return (await res.json()) as T
}

/** LECTURES_MAX reads as the preparation asks them for this customer (repeated when it has fewer). */
export async function preparationGroup(base: string, cookie: string, numTiers: string): Promise<string[]> {
  const articles = await getJson<{ numArticle: string; codeTypeArticle?: string | null }[]>(
    base,
    `${ARTICLES_PATH}?commandablesByTiers=${numTiers}`,
    cookie,
  )
  const tiers = await getJson<{ adresses?: { numAdr: number }[] }>(base, tiersPath(numTiers), cookie)
  const adresses = (tiers.adresses ?? []).map((a) => a.numAdr)
  const reads: string[] = []
  for (const a of articles) {
    const type = a.codeTypeArticle || 'A'
    reads.push(
      `${PARAMETRES_COMMANDE_PATH}?numTiers=${numTiers}&numArticle=${a.numArticle}`,
      `${supplementationsPath(type, a.numArticle)}?numTiers=${numTiers}`,
      `${minerauxPath(type, a.numArticle)}?numTiers=${numTiers}`,
      `${reglementTiersPath(numTiers)}?numArticle=${a.numArticle}&codeTArt=${type}`,
      ...adresses.map((n) => `${contraintesLivraisonPath(type, a.numArticle)}?numTiers=${numTiers}&numAdr=${n}`),
    )
  }
  if (reads.length === 0) throw new Error(`no article for ${numTiers}`)
  return Array.from({ length: LECTURES_MAX }, (_, i) => reads[i % reads.length]!)
}

export interface GroupFlood {
  /** Groups answered per second, by status. */
  perSecond: Record<string, number>
  /** Inner reads answered per second (the groups answered 200 × their reads). */
  readsPerSecond: number
  p50: number
  p99: number
  /** Groups without an answer (the client's time limit, a cut connection), per second. */
  unanswered: number
}

/** `connections` connections of one session, each sending the group again as soon as it is answered
 * (Retry-After ignored: the worst a client can do with one session). */
export async function floodGroups(
  base: string,
  cookie: string,
  chemins: string[],
  { connections, duration }: { connections: number; duration: number },
): Promise<GroupFlood> {
  // The app's own time limit for a request (src/api/http-client.ts), not autocannon's 10 s.
  const timeLimit: Record<string, unknown> = { timeout: 30 }
  const result = await autocannon({
    ...timeLimit,
    url: base + LECTURES_PATH,
    connections,
    duration,
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': 'application/json', accept: 'application/json' },
    requests: [{ method: 'POST', body: JSON.stringify({ chemins }) }],
  })
  const perSecond: Record<string, number> = {}
  for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {})) perSecond[status] = count / duration
  return {
    perSecond,
    readsPerSecond: ((perSecond['200'] ?? 0) * chemins.length) as number,
    p50: result.latency.p50,
    p99: result.latency.p99,
    unanswered: (result.errors + result.timeouts) / duration,
  }
}
