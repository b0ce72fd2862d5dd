// What a browser does against a running Silo, for the multi-instance tests: sign in, send an
// order with its Idempotency-Key, and send it again until an answer comes, as the app's outbox
// does (network error, 502 from the proxy, 503, or 409 "still in progress" → try again).
import { DateTime } from 'luxon'
import { addBusinessDays, ZONE } from '../../../src/domain/calendar'

export const FARMER = '100001'

export interface Answer {
  status: number
  body: { numero?: string; code?: string; message?: string }
  replayed: boolean
  retryAfter: string | null
}

/** The session cookie (`silo_session=…`) of a demo account, signed in at `base`. */
export async function signInAt(base: string, username = FARMER): Promise<string> {
  const res = await fetch(`${base}/security/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ username, password: 'demo' }),
  })
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('silo_session='))
  if (!res.ok || !cookie) throw new Error(`sign-in as ${username} failed: ${res.status}`)
  return cookie.split(';')[0]!
}

/**
 * A valid one-line order of the demo farmer (delivered in 4–5 business days from the real date,
 * the instances running on the real clock), told apart by its comment.
 */
export function orderBody(comment: string) {
  const today = DateTime.now().setZone(ZONE).startOf('day')
  return {
    numTiers: FARMER,
    commande: {
      commentaire: comment,
      lignes: [
        {
          idLigne: '001',
          numArticle: '410102',
          libelleArticle: 'VL Production 22 % vrac',
          codeTypeArticle: 'A',
          codeUniteArticle: 'T',
          numAdresse: 1,
          datePrevueLivraison: addBusinessDays(today, 4).toISODate(),
          finDatePrevueLivraison: addBusinessDays(today, 5).toISODate(),
          matinApmidi: 'ID',
          finMatinApmidi: 'ID',
          codeModeCamion: 'VIS',
          codeTypeSilo1: '001',
          quantiteCommande: 8,
          supplementations: [],
          mineraux: [],
        },
      ],
    },
  }
}

/** One try; rejects on a network error (refused, reset, no answer within 30 s). */
export async function postOrder(base: string, cookie: string, body: unknown, key: string): Promise<Answer> {
  const res = await fetch(`${base}/web/v1/tiers/${FARMER}/commandes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie, 'Idempotency-Key': key },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  })
  const text = await res.text()
  let parsed: Answer['body'] = {}
  try {
    parsed = JSON.parse(text) as Answer['body']
  } catch {
    parsed = { message: text }
  }
  return {
    status: res.status,
    body: parsed,
    replayed: res.headers.get('idempotent-replayed') === 'true',
    retryAfter: res.headers.get('retry-after'),
  }
}

const retryable = (a: Answer) =>
  a.status === 502 || a.status === 503 || (a.status === 409 && a.body.code === 'IDEMPOTENCE_EN_COURS')

/**
 * Sends until the order is acknowledged (201, first answer or replay) and gives its number; every
 * answer's status goes to `statuses` (network errors as 0). Refuses anything else at once.
 */
export async function sendUntilAccepted(
  base: string,
  cookie: string,
  body: unknown,
  key: string,
  statuses: number[] = [],
): Promise<string> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const answer = await postOrder(base, cookie, body, key).catch(() => null)
    statuses.push(answer?.status ?? 0)
    if (answer?.status === 201 && answer.body.numero) return answer.body.numero
    if (answer && !retryable(answer)) throw new Error(`order refused: ${answer.status} ${JSON.stringify(answer.body)}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`order ${key} not acknowledged after 300 tries`)
}
