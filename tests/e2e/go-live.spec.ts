// Going live without the demo (issue 48), as a cooperative's IT team does it from the README: a
// fresh Silo with SEED=none and no OpenID Connect has no account that can sign in. The operator
// runs the real `npm run personnel -- creer …` (what the npm script runs: scripts/server.mjs on
// the compiled server) beside the running Silo, on its embedded DATA_DIR, opens the link it
// prints, chooses a password and is signed in as staff: the member search shows.
import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { builtApp, freePort, startSilo, tempDataDir, type RunningSilo } from '../support/silo'

let silo: RunningSilo
let dataDir: string
let base: string
let port: number

/** The environment Silo and the command share, as the README has the operator set it. */
const env = () => ({
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  PUBLIC_URL: base,
  SEED: 'none',
  OIDC_ISSUER: '',
  OIDC_CLIENT_ID: '',
  SMTP_URL: '',
})

test.beforeAll(async () => {
  test.setTimeout(180_000)
  dataDir = tempDataDir('go-live')
  port = await freePort()
  // localhost, as the other tests: the cookie-consent cookie of the test setup is for that name.
  base = `http://localhost:${port}`
  silo = await startSilo({
    port,
    compiled: true,
    env: { ...env(), DIST_DIR: builtApp({ build: false }) },
    stdout: 'ignore',
    stderr: 'pipe',
  })
})

test.afterAll(async () => {
  await silo?.stop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

test('from nothing: npm run personnel -- creer prints a link; the operator chooses a password and is staff', async ({
  page,
}) => {
  test.setTimeout(120_000)
  // Nobody can sign in yet: no demo account exists.
  const demo = await page.request.post(`${base}/security/login`, {
    data: { username: 'admin', password: 'demo' },
    headers: { Origin: base },
  })
  expect(demo.status()).toBe(401)

  const run = spawnSync(
    process.execPath,
    [
      'scripts/server.mjs',
      'personnel',
      'creer',
      'admin1',
      '--nom',
      'Claire Martin',
      '--courriel',
      'claire.martin@cooperative.example',
      '--roles',
      'COM_ALI_ADMIN_METIER,COM_ALI_ECRITURE_TOUS',
    ],
    { env: { ...process.env, ...env() }, encoding: 'utf8', timeout: 120_000 },
  )
  expect(run.stderr).toBe('')
  expect(run.status).toBe(0)
  expect(run.stdout).toContain('Compte du personnel « admin1 » créé')
  expect(run.stdout).toContain('aucun courriel n’est envoyé')
  const link = /^Lien de première connexion : (\S+)$/m.exec(run.stdout)?.[1]
  expect(link).toMatch(new RegExp(`^${base}/security/premiere-connexion\\?jeton=[A-Za-z0-9_-]{43}$`))

  await page.goto(link!)
  await expect(page.getByRole('heading', { name: 'Choisissez votre mot de passe' })).toBeVisible()
  await expect(page.getByText('Votre identifiant : admin1')).toBeVisible()
  await page.getByLabel('Nouveau mot de passe').fill('Silo mise en service 2026 !')
  await page.getByLabel('Confirmez le mot de passe').fill('Silo mise en service 2026 !')
  await page.getByRole('button', { name: 'Enregistrer et me connecter' }).click()
  await expect(page).toHaveURL(/\/admin\/connect-as\/selection-tiers/)
  await expect(page).toHaveTitle(/Rechercher un adhérent/)
  await expect(page.getByLabel("Nom ou numéro d'adhérent")).toBeVisible()

  // The link served once; `liste` says so, and that the password is chosen.
  const liste = spawnSync(process.execPath, ['scripts/server.mjs', 'personnel', 'liste'], {
    env: { ...process.env, ...env() },
    encoding: 'utf8',
    timeout: 120_000,
  })
  expect(liste.status).toBe(0)
  expect(liste.stdout).toMatch(/^admin1\tClaire Martin\t.*\tchoisi\tutilisé le .*\tnon$/m)
})

test('on a stopped Silo the command works too; with SMTP_URL the mail waits for Silo, and desactiver holds', async () => {
  test.setTimeout(120_000)
  await silo.stop()
  const personnel = (args: string[], more: Record<string, string> = {}) =>
    spawnSync(process.execPath, ['scripts/server.mjs', 'personnel', ...args], {
      env: { ...process.env, ...env(), ...more },
      encoding: 'utf8',
      timeout: 120_000,
    })
  const made = personnel(
    [
      'creer',
      'conseil2',
      '--nom',
      'Paul Bernard',
      '--courriel',
      'paul@cooperative.example',
      '--roles',
      'COM_ALI_ECRITURE_REGION',
    ],
    { SMTP_URL: 'smtp://127.0.0.1:2525' },
  )
  expect(made.status).toBe(0)
  expect(made.stdout).toMatch(
    /^Lien de première connexion : http:\/\/localhost:\d+\/security\/premiere-connexion\?jeton=/m,
  )
  expect(made.stdout).toContain('Silo n’est pas démarré, le courriel attend dans la file d’envoi (mail_outbox)')
  const off = personnel(['desactiver', 'admin1'])
  expect(off.status).toBe(0)
  expect(off.stdout).toContain('Compte « admin1 » désactivé')
  expect(personnel(['liste']).stdout).toMatch(/^admin1\t.*\tdepuis le \d\d\/\d\d\/\d{4} \d\d:\d\d$/m)
})
