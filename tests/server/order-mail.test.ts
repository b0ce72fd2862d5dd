// An accepted order's confirmation goes at once: the order route kicks its instance's sender
// (services/mailer.ts), so the mail does not wait for the periodic run nor for the next order; a
// replay of the same Idempotency-Key sends nothing more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../src/server/app'
import { fixedClock } from '../../src/server/clock'
import { loadConfig } from '../../src/server/config'
import { silentLogger } from '../../src/server/logger'
import { DEMO } from '../../src/server/seed/demo'
import { sendDueMails, startMailer, type MailWorker } from '../../src/server/services/mailer'
import { backends, type OpenedTestDb } from './support/databases'
import { send, signIn, TEST_NOW } from './support/app'
import { startTestSmtp, type TestSmtp } from './support/smtp'
import { orderLine } from './support/order-line'

// TEST_NOW is Monday 2026-11-23 08:30 in Paris: Wednesday's delivery is allowed.
const order = {
  numTiers: DEMO.eleveur,
  commande: {
    commentaire: '',
    lignes: [orderLine({ codeTypeSilo2: '002' })],
  },
}

describe.each(backends)('order confirmation mail on $name', (backend) => {
  let opened: OpenedTestDb
  let smtp: TestSmtp
  let worker: MailWorker

  beforeAll(async () => {
    opened = await backend.open()
    smtp = await startTestSmtp()
  })
  afterAll(async () => {
    await worker?.stop()
    await smtp?.close()
    await opened?.close()
  })

  it('is handed to SMTP right after the order, once, and not again on a replay', async () => {
    const mailOptions = { smtpUrl: smtp.url, from: 'Silo <no-reply@example.org>', logger: silentLogger }
    // A periodic run an hour apart: only the order's kick can send within this test.
    worker = startMailer(opened.db, { ...mailOptions, pollMs: 3_600_000 })
    const config = loadConfig({ NODE_ENV: 'test', DIST_DIR: '/nonexistent', SMTP_URL: smtp.url })
    const deps = { db: opened.db, config, clock: fixedClock(TEST_NOW), logger: silentLogger, mail: worker }
    const app = createApp(deps, { serveApp: false })
    const farmer = await signIn(app, DEMO.eleveur)
    const post = () =>
      send(app, 'POST', `/web/v1/tiers/${DEMO.eleveur}/commandes`, order, farmer, {
        'Idempotency-Key': 'mail-key-0123456789abcdef',
      })

    const res = await post()
    expect(res.status).toBe(201)
    const { numero } = await res.json()
    for (let i = 0; i < 400 && smtp.received.length === 0; i++) await new Promise((r) => setTimeout(r, 25))
    expect(smtp.received).toHaveLength(1)
    expect(smtp.received[0]!.to).toEqual(['gaec.troischenes@example.org'])
    expect(smtp.received[0]!.subject).toBe(`Votre commande d'aliments N°${numero}`)

    expect((await post()).headers.get('Idempotent-Replayed')).toBe('true')
    expect(await sendDueMails(opened.db, mailOptions)).toMatchObject({ sent: 0, failed: 0 })
    expect(smtp.received).toHaveLength(1)
  })
})
