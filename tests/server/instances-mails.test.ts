// Confirmation mails with two real instances on one PostgreSQL behind a proxy (issue 26): 20
// orders spread over both give 20 mails, each handed to SMTP once, none waiting for a next order.
// The SMTP server is a real one in the test process (support/smtp.ts).
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSuite, type Suite } from './support/instances'
import { sendUntilAccepted } from './support/silo-client'
import { signIn } from '../support/silo'
import { orderForToday } from '../support/orders'
import { startTestSmtp, type TestSmtp } from './support/smtp'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('confirmation mails with two instances', () => {
  let suite: Suite
  let smtp: TestSmtp

  beforeAll(async () => {
    smtp = await startTestSmtp()
    const env = { SMTP_URL: smtp.url, MAIL_POLL_MS: '500' }
    suite = await startSuite([
      { name: 'A', env },
      { name: 'B', env },
    ])
  }, 180_000)
  afterAll(async () => {
    await suite?.close()
    await smtp?.close()
  }, 60_000)

  it('20 orders over both instances give 20 mails, each once, within 20 s', async () => {
    const cookie = await signIn(suite.proxy.base)
    const label = `mails-${randomUUID().slice(0, 8)}`
    const numbers: string[] = []
    let next = 0
    const sender = async () => {
      while (next < 20) {
        const comment = `${label} ${next++}`
        numbers.push(await sendUntilAccepted(suite.proxy.base, cookie, orderForToday(comment), randomUUID()))
      }
    }
    await Promise.all(Array.from({ length: 4 }, sender))
    expect(new Set(numbers).size).toBe(20)
    const subjects = numbers.map((n) => `Votre commande d'aliments N°${n}`)
    const deadline = Date.now() + 20_000
    while (Date.now() < deadline && subjects.some((s) => !smtp.countBySubject().get(s))) await sleep(200)
    // A little longer: a second copy would come now if two instances had both taken a mail.
    await sleep(1_500)
    const counts = smtp.countBySubject()
    expect(subjects.map((s) => counts.get(s) ?? 0)).toEqual(subjects.map(() => 1))
    // And the table says each was sent (no mail left for a later run to send again).
    const sent = await suite.admin.query<{ n: string }>(
      `select count(*)::text as n from mail_outbox where sent_at is not null and subject = any($1)`,
      [subjects],
    )
    expect(Number(sent.rows[0]!.n)).toBe(20)
  }, 120_000)
})
