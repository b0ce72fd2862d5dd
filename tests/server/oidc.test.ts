// Sign-in through a real OpenID Connect provider (oidc-provider, running in this process on a
// loopback port), driven by Chromium: login → provider → callback → a Silo session.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import Provider from 'oidc-provider'
import { DateTime } from 'luxon'
import { chromium, type Browser } from 'playwright-core'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../src/server/db/schema'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp } from './support/app'
import { desactiverCompte } from '../../src/server/services/personnel'
import { chromiumLaunch } from '../chromium'

const listen = (server: Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)))

describe('OpenID Connect sign-in', () => {
  let opened: OpenedTestDb
  let providerServer: Server
  let appServer: ServerType
  let browser: Browser
  let appUrl = ''

  beforeAll(async () => {
    opened = await backends[0]!.open()
    providerServer = createServer()
    const providerPort = await listen(providerServer)
    // A port the system just gave out and released: the app listens there.
    const probe = createServer()
    const appPort = await listen(probe)
    await new Promise((r) => probe.close(r))
    appUrl = `http://localhost:${appPort}`
    const issuer = `http://localhost:${providerPort}`
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: 'silo',
          client_secret: 'secret',
          redirect_uris: [`${appUrl}/security/callback`],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      findAccount: async (_ctx, id) => ({ accountId: id, claims: async () => ({ sub: id, preferred_username: id }) }),
      features: { devInteractions: { enabled: true } },
      claims: { openid: ['sub'], profile: ['preferred_username'] },
    })
    providerServer.on('request', provider.callback())
    const { app } = buildTestApp(opened.db, {
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: 'silo',
      OIDC_CLIENT_SECRET: 'secret',
      PUBLIC_URL: appUrl,
    })
    appServer = serve({ fetch: app.fetch, port: appPort, hostname: '127.0.0.1' })
    browser = await chromium.launch(chromiumLaunch)
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    appServer?.close()
    providerServer?.close()
    await opened?.close()
  })

  it('the provider vouches for 100001 and Silo opens a session with the roles it holds', async () => {
    const page = await browser.newPage()
    await page.goto(`${appUrl}/security/login?redirectFrom=%2Fcatalog%2Flots`)
    expect(page.url()).toContain('/interaction/') // the provider's own sign-in
    await page.fill('input[name=login]', '100001')
    await page.fill('input[name=password]', 'anything')
    await page.click('button[type=submit]')
    await page.click('button[type=submit]') // consent
    await page.waitForURL(`${appUrl}/catalog/lots`)
    const cookie = (await page.context().cookies()).find((c) => c.name === 'silo_session')
    expect(cookie?.httpOnly).toBe(true)
    const me = await page.evaluate(async () => (await fetch('/web/user/me')).json())
    expect(me).toMatchObject({ username: '100001', tiers: { numTiers: '100001' } })
    expect(me.roles).toContain('COM_ALI_LECTURE_PERSONNELLE')
    // Dated for the invitations' states (issue 48): this account needs no first sign-in link.
    const [account] = await opened.db
      .select({ at: users.connexionOidcA })
      .from(users)
      .where(eq(users.username, '100001'))
    expect(account?.at).toBeInstanceOf(Date)
    await page.close()
  })

  it('an account the provider knows but Silo does not gets no session', async () => {
    const page = await browser.newPage()
    await page.goto(`${appUrl}/security/login`)
    await page.fill('input[name=login]', 'inconnu-de-silo')
    await page.fill('input[name=password]', 'x')
    await page.click('button[type=submit]')
    await page.click('button[type=submit]')
    await page.waitForURL(/\/login\?error=1/)
    expect((await page.context().cookies()).find((c) => c.name === 'silo_session')).toBeUndefined()
    await page.close()
  })

  it('a disabled account (npm run personnel -- desactiver) gets no session, whatever the provider says', async () => {
    await desactiverCompte(opened.db, '100002', DateTime.now())
    const page = await browser.newPage()
    await page.goto(`${appUrl}/security/login`)
    await page.fill('input[name=login]', '100002')
    await page.fill('input[name=password]', 'x')
    await page.click('button[type=submit]')
    await page.click('button[type=submit]')
    await page.waitForURL(/\/login\?error=1/)
    expect((await page.context().cookies()).find((c) => c.name === 'silo_session')).toBeUndefined()
    await page.close()
  })
})
