// What the end-to-end go-live test (go-live.spec.ts, issue 48) runs around the browser: a fresh
// PostgreSQL database next to DATABASE_URL's (CI exports one when PostgreSQL answers; the suite's
// own Silo ignores it), two compiled Silos on it behind a round-robin proxy of the server tests
// (tests/server/support/proxies.ts) whose address is their PUBLIC_URL, a real SMTP server, and the
// operator's commands as real processes on that database. Everything is undone by close().
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { builtApp, freePort, startSilo, type RunningSilo } from '../support/silo'
import { startRoundRobinProxy, type RoundRobinProxy } from '../server/support/proxies'
import { startTestSmtp, type TestSmtp } from '../server/support/smtp'

const run = promisify(execFile)

/** Answers when PostgreSQL at `url` takes a connection; the reason it did not otherwise. */
export async function postgresAnswers(url: string | undefined): Promise<string | null> {
  if (!url) return 'DATABASE_URL n’est pas défini'
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 })
  try {
    await client.connect()
    return null
  } catch (err) {
    return `PostgreSQL ne répond pas à DATABASE_URL (${(err as Error).message})`
  } finally {
    await client.end().catch(() => {})
  }
}

interface GoLive {
  /** The address the browser uses: the proxy's, every instance's PUBLIC_URL. */
  base: string
  databaseUrl: string
  proxy: RoundRobinProxy
  smtp: TestSmtp
  /** A query on the test's database (counts the test checks beside the screen). */
  query<T extends pg.QueryResultRow>(text: string): Promise<T[]>
  /** `node scripts/server.mjs <entry> …` (what `npm run <entry>` runs) in Silo's environment. */
  command(entry: 'personnel' | 'import', args: string[]): Promise<string>
  /** `npm run seed:cooperative -- <folder> …`: returns the folder it wrote. */
  seedCooperative(args: string[]): Promise<string>
  close(): Promise<void>
}

/** A letter per instance in its sender's address: the mail says which instance handed it to SMTP. */
export const senderOf = (raw: string) => /^From:.*no-reply-([a-z])@/im.exec(raw)?.[1] ?? '?'

export async function startGoLive(serverUrl: string): Promise<GoLive> {
  const name = `silo_golive_${randomBytes(5).toString('hex')}`
  const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString()
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const folders: string[] = []
  const silos: RunningSilo[] = []
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 })
  pool.on('error', () => {})
  const smtp = await startTestSmtp()
  const proxy = await startRoundRobinProxy(() => silos.map((s) => s.base))
  // localhost, as the other tests: the cookie-consent cookie of the test setup is for that name.
  const base = `http://localhost:${new URL(proxy.base).port}`
  // Silo's environment, as the README has the operator set it on each instance.
  const env = {
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: base,
    SEED: 'none',
    OIDC_ISSUER: '',
    OIDC_CLIENT_ID: '',
    SMTP_URL: smtp.url,
    MAIL_POLL_MS: '100',
    MAIL_RATE_PER_MINUTE: '600',
  }
  const close = async () => {
    await Promise.all(silos.map((s) => s.stop()))
    await proxy.close()
    await smtp.close()
    await pool.end()
    const c = new pg.Client({ connectionString: serverUrl })
    await c.connect()
    await c.query(`drop database if exists ${name} with (force)`)
    await c.end()
    for (const f of folders) rmSync(f, { recursive: true, force: true })
  }
  try {
    const start = async (letter: string) =>
      silos.push(
        await startSilo({
          port: await freePort(),
          compiled: true,
          env: {
            ...env,
            MAIL_FROM: `Silo <no-reply-${letter}@cooperative.example>`,
            DIST_DIR: builtApp({ build: false }),
          },
          stdout: 'ignore',
          stderr: 'pipe',
          ready: '/public/infos/pret',
        }),
      )
    // The first alone (it migrates the empty database), then the second.
    await start('a')
    await start('b')
  } catch (err) {
    await close().catch(() => {})
    throw err
  }
  return {
    base,
    databaseUrl,
    proxy,
    smtp,
    query: async (text) => (await pool.query(text)).rows,
    async command(entry, args) {
      const { stdout } = await run(process.execPath, ['scripts/server.mjs', entry, ...args], {
        env: { ...process.env, ...env },
        encoding: 'utf8',
        timeout: 120_000,
      })
      return stdout
    },
    async seedCooperative(args) {
      const folder = mkdtempSync(join(tmpdir(), 'silo-golive-coop-'))
      folders.push(folder)
      await run(process.execPath, ['--import', 'tsx', 'src/server/cli/seed-cooperative.ts', folder, ...args], {
        encoding: 'utf8',
        timeout: 120_000,
      })
      return folder
    },
    close,
  }
}

/** The rows of one of the cooperative's CSV files (`;`, a header line), as records. */
export function csvRows(folder: string, file: string): Record<string, string>[] {
  const [header, ...lines] = readFileSync(join(folder, file), 'utf8').split(/\r?\n/).filter(Boolean)
  const names = header!.split(';')
  return lines.map((line) => {
    const cells = line.split(';').map((c) => c.replace(/^"(.*)"$/, '$1'))
    return Object.fromEntries(names.map((n, i) => [n, cells[i] ?? '']))
  })
}
