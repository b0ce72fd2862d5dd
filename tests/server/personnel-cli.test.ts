// The real command, `npm run personnel`, run against a database (DATABASE_URL): what the operator
// reads, its exit codes (0 done, 1 refused, 2 usage), and what it leaves in the tables.
import { spawnSync } from 'node:child_process'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../src/server/db/client'
import { liensConnexion, mailOutbox, users } from '../../src/server/db/schema'
import { createPostgresDatabase, embeddedUrl } from './support/databases'

describe('npm run personnel, the command', () => {
  let target: { url: string; drop(): Promise<void> }
  let db: Db
  let close: () => Promise<void>

  /** Runs the command as `npm run personnel -- …` does, with only the environment given. */
  function run(args: string[], env: Record<string, string> = {}) {
    const r = spawnSync('node_modules/.bin/tsx', ['src/server/cli/personnel.ts', ...args], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATABASE_URL: target.url,
        HOST: '',
        PUBLIC_URL: '',
        SMTP_URL: '',
        ...env,
      },
      encoding: 'utf8',
      timeout: 120_000,
    })
    return { code: r.status, out: r.stdout, err: r.stderr }
  }
  const mailsTo = async (to: string) =>
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(mailOutbox)
        .where(eq(mailOutbox.to, to))
    )[0]!.n

  beforeAll(async () => {
    // A database of its own on this run's embedded cluster, migrated, with no demo.
    target = await createPostgresDatabase(embeddedUrl)
    ;({ db, close } = await openDatabase({ databaseUrl: target.url }))
  }, 60_000)
  afterAll(async () => {
    await close?.()
    await target?.drop()
  })

  it('creer: refused without PUBLIC_URL off loopback (1, nothing written), a link with PUBLIC_URL, no mail without SMTP_URL', async () => {
    const args = ['creer', 'admin1', '--nom', 'Claire Martin', '--courriel', 'claire@coop.example', '--roles']
    const refused = run([...args, 'COM_ALI_ADMIN_METIER'], { HOST: '0.0.0.0' })
    expect(refused.code).toBe(1)
    expect(refused.err).toContain('PUBLIC_URL')
    expect(refused.err).toContain('HOST=127.0.0.1')
    expect(await db.select().from(users)).toEqual([])

    const made = run([...args, 'COM_ALI_ADMIN_METIER,COM_ALI_ECRITURE_TOUS'], {
      PUBLIC_URL: 'https://silo.coop.example',
    })
    expect(made.err).toBe('')
    expect(made.code).toBe(0)
    expect(made.out).toContain('Compte du personnel « admin1 » créé')
    expect(made.out).toMatch(
      /^Lien de première connexion : https:\/\/silo\.coop\.example\/security\/premiere-connexion\?jeton=[A-Za-z0-9_-]{43}$/m,
    )
    expect(made.out).toContain('SMTP_URL n’est pas défini : aucun courriel n’est envoyé')
    expect(await mailsTo('claire@coop.example')).toBe(0)
    const [account] = await db.select().from(users).where(eq(users.username, 'admin1'))
    expect(account).toMatchObject({ roles: ['COM_ALI_ADMIN_METIER', 'COM_ALI_ECRITURE_TOUS'], passwordHash: null })
  })

  it('creer with SMTP_URL queues the mail and says it waits for Silo; HOST=127.0.0.1 makes a localhost link', async () => {
    const made = run(
      [
        'creer',
        'conseil2',
        '--nom',
        'Paul Bernard',
        '--courriel',
        'paul@coop.example',
        '--roles',
        'COM_ALI_ECRITURE_REGION',
      ],
      { HOST: '127.0.0.1', PORT: '8123', SMTP_URL: 'smtp://127.0.0.1:2525' },
    )
    expect(made.code).toBe(0)
    expect(made.out).toMatch(
      /^Lien de première connexion : http:\/\/localhost:8123\/security\/premiere-connexion\?jeton=/m,
    )
    expect(made.out).toContain('Le même lien part par courriel à paul@coop.example')
    expect(await mailsTo('paul@coop.example')).toBe(1)
  })

  it('refuses a member role (1) and bad usage (2), in French', async () => {
    const member = run(
      ['creer', 'agent3', '--nom', 'X', '--courriel', 'x@coop.example', '--roles', 'COM_ALI_LECTURE_PERSONNELLE'],
      { PUBLIC_URL: 'https://silo.coop.example' },
    )
    expect(member.code).toBe(1)
    expect(member.err).toContain('Refusé : Rôle refusé : COM_ALI_LECTURE_PERSONNELLE est un rôle d’adhérent')
    const usage = run(['creer', 'agent3', '--nom', 'X'], { PUBLIC_URL: 'https://silo.coop.example' })
    expect(usage.code).toBe(2)
    expect(usage.err).toContain('creer demande --nom, --courriel et --roles.')
    expect(run(['supprimer', 'admin1']).code).toBe(2)
    expect(run(['creer', 'a', '--force']).err).toContain('Arguments refusés')
  })

  it('liste, desactiver, reactiver', async () => {
    const listed = run(['liste'])
    expect(listed.code).toBe(0)
    expect(listed.out).toContain('identifiant\tnom\tcourriel\trôles\tmot de passe\tdernier lien\tdésactivé')
    expect(listed.out).toMatch(
      /^admin1\tClaire Martin\tclaire@coop\.example\tCOM_ALI_ADMIN_METIER,COM_ALI_ECRITURE_TOUS\tnon choisi\tvalable jusqu’au \d\d\/\d\d\/\d{4} \d\d:\d\d\tnon$/m,
    )
    const off = run(['desactiver', 'admin1'])
    expect(off.code).toBe(0)
    expect(off.out).toContain('Compte « admin1 » désactivé')
    expect(run(['liste']).out).toMatch(
      /^admin1\t.*\tremplacé \(hors service\)\tdepuis le \d\d\/\d\d\/\d{4} \d\d:\d\d$/m,
    )
    const [link] = await db.select().from(liensConnexion).where(eq(liensConnexion.username, 'admin1'))
    expect(link!.remplaceA).not.toBeNull()
    expect(run(['reactiver', 'admin1']).out).toContain('Compte « admin1 » réactivé')
    const none = run(['desactiver', 'personne'])
    expect(none.code).toBe(1)
    expect(none.err).toContain('Aucun compte « personne ».')
  }, 90_000) // six commands, each a Node process of its own: 15 s at a load of 3
})
