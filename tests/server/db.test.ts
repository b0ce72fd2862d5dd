// The database layer: migrations, the demo seed's key facts, determinism, seedIfEmpty, and the
// embedded PostgreSQL in DATA_DIR (persistence, settings, one server per folder). Runs on the
// embedded PostgreSQL, and on PostgreSQL at DATABASE_URL when it is set.
import { randomBytes } from 'node:crypto'
import { appendFileSync, chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, count, eq, gt, inArray, lte, notInArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { writeBackup } from '../../src/server/db/backup'
import { openDatabase } from '../../src/server/db/client'
import { clusterDir, clusterUrl, startCluster } from '../../src/server/db/embedded/cluster'
import { acquireLock } from '../../src/server/db/embedded/lock'
import { restoreBackup } from '../../src/server/db/restore'
import { selectRows } from '../../src/server/db/raw'
import {
  adresses,
  articles,
  commandeLignes,
  commandes,
  contrats,
  incidentsPaiement,
  livraisonLignes,
  livraisons,
  lots,
  parametres,
  plansAlimentation,
  tiers,
  users,
} from '../../src/server/db/schema'
import { DEMO } from '../../src/server/seed/demo'
import { seedDemo, seedIfEmpty } from '../../src/server/seed/index'
import { backends, createPostgresDatabase, databaseUrl, TEST_TODAY, type OpenedTestDb } from './support/databases'
import { dumpDatabase } from './support/dump'

const plusDays = (n: number) =>
  new Date(Date.parse(`${TEST_TODAY}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)

for (const backend of backends) {
  describe(`database on ${backend.name}`, () => {
    let opened: OpenedTestDb
    beforeAll(async () => {
      opened = await backend.open()
    })
    afterAll(async () => {
      await opened?.close()
    })

    it('seeds about 200 customers, 60 articles and 18 months of deliveries', async () => {
      const { db } = opened
      const [t] = await db.select({ n: count() }).from(tiers)
      const [a] = await db.select({ n: count() }).from(articles)
      const [first] = await db
        .select({ d: sql<string>`min(${livraisons.dateEffectiveLivraison})` })
        .from(livraisons)
        .where(eq(livraisons.numTiers, DEMO.eleveur))
      expect(t!.n).toBeGreaterThanOrEqual(200)
      expect(a!.n).toBeGreaterThanOrEqual(55)
      expect(first!.d <= plusDays(-500)).toBe(true)
      const gaec = await db
        .select({ n: count() })
        .from(tiers)
        .where(sql`${tiers.raisonSociale} like 'GAEC%'`)
      expect(gaec[0]!.n).toBeGreaterThan(40)
    })

    it('gives 100001 three active addresses and one suspended', async () => {
      const rows = await opened.db.select().from(adresses).where(eq(adresses.numTiers, DEMO.eleveur))
      expect(
        rows
          .filter((r) => r.etat === 'A')
          .map((r) => r.numAdr)
          .sort(),
      ).toEqual([1, 2, 3])
      expect(rows.filter((r) => r.etat === 'S').map((r) => r.numAdr)).toEqual([4])
    })

    it('gives 100001 a contract ending within a month with quantity left, and a future one', async () => {
      const { db } = opened
      const soon = await db
        .select()
        .from(contrats)
        .where(
          and(
            eq(contrats.numTiers, DEMO.eleveur),
            lte(contrats.dateFin, plusDays(30)),
            sql`${contrats.dateFin} >= ${TEST_TODAY}`,
            gt(contrats.qteRestante, 0),
          ),
        )
      expect(soon.map((c) => c.numContrat)).toEqual([DEMO.contrats.finProche])
      expect(soon[0]!.qteRestante).toBe(35.5)
      const future = await db
        .select()
        .from(contrats)
        .where(and(eq(contrats.numTiers, DEMO.eleveur), gt(contrats.dateDebut, TEST_TODAY)))
      expect(future.map((c) => c.numContrat)).toEqual([DEMO.contrats.futur])
    })

    it('gives 100001 orders in every step, one of them with mixed steps', async () => {
      const { db } = opened
      const lines = await db
        .select({ numero: commandes.numero, etape: commandeLignes.etape })
        .from(commandeLignes)
        .innerJoin(commandes, eq(commandes.id, commandeLignes.commandeId))
        .where(eq(commandes.numTiers, DEMO.eleveur))
      expect(new Set(lines.map((l) => l.etape))).toEqual(
        new Set(['ENREGISTREE', 'VALORISEE', 'PREPAREE', 'LOGISTIQUE', 'LIVREE', 'FACTUREE', 'SUPPRIMEE', 'ERREUR']),
      )
      const steps = new Map<string, Set<string>>()
      for (const l of lines) steps.set(l.numero, (steps.get(l.numero) ?? new Set()).add(l.etape))
      expect([...steps.values()].some((s) => s.size > 1)).toBe(true)
    })

    it('gives 100001 delivery lines without address and of non-orderable articles', async () => {
      const rows = await opened.db
        .select({ numAdresse: livraisonLignes.numAdresse, numArticle: livraisonLignes.numArticle })
        .from(livraisonLignes)
        .innerJoin(livraisons, eq(livraisons.numLivraison, livraisonLignes.numLivraison))
        .where(eq(livraisons.numTiers, DEMO.eleveur))
      expect(rows.some((r) => r.numAdresse === null)).toBe(true)
      expect(new Set(rows.map((r) => r.numAdresse)).size).toBeGreaterThanOrEqual(4)
      expect(rows.some((r) => r.numArticle === '470106' || r.numArticle === '410103')).toBe(true)
    })

    it('gives 100002 lots, one with two feeding plans, and counts only live order lines on them', async () => {
      const { db } = opened
      const lotRows = await db.select().from(lots).where(eq(lots.numTiers, DEMO.volailles))
      expect(lotRows.map((l) => l.numLot.slice(0, 2)).sort()).toEqual(['OL', 'VL', 'VL', 'VL', 'VL', 'VL'])
      const plans = await db
        .select()
        .from(plansAlimentation)
        .where(eq(plansAlimentation.numLot, DEMO.lots.chairDeuxPlans))
      expect(plans).toHaveLength(2)
      expect(plans.filter((p) => p.principal)).toHaveLength(1)
      const [ordered] = await db
        .select({ q: sql<string>`sum(${commandeLignes.quantiteCommande})` })
        .from(commandeLignes)
        .where(
          and(
            eq(commandeLignes.numLot, DEMO.lots.chairDeuxPlans),
            eq(commandeLignes.numArticle, '450102'),
            notInArray(commandeLignes.etape, ['SUPPRIMEE', 'ERREUR']),
          ),
        )
      expect(Number(ordered!.q)).toBe(5)
    })

    it('has 100003 blocked, 999999 a user without customer, and the staff roles', async () => {
      const { db } = opened
      const incidents = await db
        .select()
        .from(incidentsPaiement)
        .where(eq(incidentsPaiement.numTiers, DEMO.contentieux))
      expect(incidents.some((i) => i.bloquant)).toBe(true)
      expect(await db.select().from(tiers).where(eq(tiers.numTiers, DEMO.inconnu))).toHaveLength(0)
      const staff = await db
        .select()
        .from(users)
        .where(inArray(users.username, [DEMO.inconnu, DEMO.conseiller, DEMO.vgm]))
      expect(Object.fromEntries(staff.map((u) => [u.username, u.roles]))).toEqual({
        [DEMO.inconnu]: ['COM_ALI_LECTURE_PERSONNELLE'],
        [DEMO.conseiller]: ['COM_ALI_ECRITURE_PORTEFEUILLE'],
        [DEMO.vgm]: ['ADD_ALI_ADHERENT_VGM'],
      })
    })

    it('holds the parameters with the spec defaults in the DEFAULT and CDEA sets', async () => {
      const rows = await opened.db.select().from(parametres)
      const value = (jeu: string, key: string) =>
        rows.find((p) => p.jeu === jeu && `${p.prefix}-${p.categorie}-${p.code}` === key)?.value
      expect(value('DEFAULT', 'SAS-HORAIRE_COMMANDE-HEURE_PIVOT')).toBe('10:00:00')
      expect(value('DEFAULT', 'SAS-HORAIRE_COMMANDE-DELAIS_HEURE_PIVOT')).toBe('PT30M')
      expect(value('DEFAULT', 'SAS-DELAIS_COMMANDE-ECART_DATE')).toBe('P5D')
      expect(value('DEFAULT', 'SAS-DELAIS_COMMANDE-DELAIS_MAX')).toBe('P1M')
      expect(value('DEFAULT', 'SAS-MODE_CAMION_QTE-BENNE_MIN')).toBe('25')
      expect(value('DEFAULT', 'SAS-MODE_CAMION_DELAI_LIVR-FOND')).toBe('72')
      expect(value('DEFAULT', 'SAS-COMMANDE_QTE-QTE_MAX_MINERAL')).toBe('15')
      expect(value('CDEA', 'CDE-PARAMS_APPLI-DELAI_ALERTE_FERIES')).toBe('15')
    })

    it('leaves a seeded database alone in seedIfEmpty', async () => {
      expect(await seedIfEmpty(opened.db, { today: TEST_TODAY })).toBe(false)
    })

    it('seeds the same rows at every run', async () => {
      const other = await backend.open({ seed: false })
      try {
        expect(await seedIfEmpty(other.db, { today: TEST_TODAY })).toBe(true)
        expect(await dumpDatabase(other.db)).toEqual(await dumpDatabase(opened.db))
      } finally {
        await other.close()
      }
    })
  })
}

describe('the embedded PostgreSQL in DATA_DIR', () => {
  const dir = mkdtempSync(join(tmpdir(), 'silo-db-'))
  // Run as root, PostgreSQL runs as the silo user, which must cross this folder.
  chmodSync(dir, 0o711)
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('keeps every row after closing and reopening, with fsync on and no TCP port', async () => {
    const data = join(dir, 'data')
    const first = await openDatabase({ dataDir: data })
    expect(first.kind).toBe('embedded')
    await seedDemo(first.db, { today: TEST_TODAY })
    const before = await dumpDatabase(first.db)
    const settings = await selectRows<{ name: string; setting: string }>(
      first.db,
      sql`select name, setting from pg_settings where name in ('fsync', 'listen_addresses', 'synchronous_commit')`,
    )
    expect(Object.fromEntries(settings.map((s) => [s.name, s.setting]))).toEqual({
      fsync: 'on',
      listen_addresses: '',
      synchronous_commit: 'on',
    })
    await first.close()
    expect(statSync(join(data, 'postgres.json')).mode & 0o777).toBe(0o600)
    const again = await openDatabase({ dataDir: data })
    try {
      expect(await dumpDatabase(again.db)).toEqual(before)
      expect(await seedIfEmpty(again.db, { today: TEST_TODAY })).toBe(false)
    } finally {
      await again.close()
    }
  }, 120_000)

  it('refuses a second server on the same DATA_DIR, naming the process that holds it', async () => {
    const data = join(dir, 'twice')
    const first = await openDatabase({ dataDir: data })
    try {
      await expect(openDatabase({ dataDir: data })).rejects.toThrow(
        new RegExp(`in use by another Silo: process ${process.pid}`),
      )
      // The refused one stopped nothing: the first still answers.
      expect(await selectRows(first.db, sql`select 1 as one`)).toEqual([{ one: 1 }])
    } finally {
      await first.close()
    }
  })

  it('restores a backup taken while the server runs into an empty DATA_DIR: every order, every row, the sequences', async () => {
    const source = await openDatabase({ dataDir: join(dir, 'source') })
    const file = join(dir, 'backup.jsonl.gz')
    const signed = { key: randomBytes(32), acceptUnsigned: false } // the backup key (signs the file)
    let before: Record<string, string[]>
    let sequences: unknown[]
    const seqQuery = sql`select sequencename, last_value from pg_sequences where schemaname = 'public' order by 1`
    try {
      await seedDemo(source.db, { today: TEST_TODAY })
      before = await dumpDatabase(source.db)
      sequences = await selectRows(source.db, seqQuery)
      const client = new pg.Client({ connectionString: clusterUrl(join(dir, 'source')) })
      await client.connect()
      try {
        expect((await writeBackup(client, file, signed.key)).rows).toBeGreaterThan(1000)
      } finally {
        await client.end()
      }
    } finally {
      await source.close()
    }
    const target = join(dir, 'target')
    mkdirSync(target)
    const release = acquireLock(target)
    const cluster = await startCluster(target)
    try {
      await restoreBackup(cluster.url, file, signed)
      // A second restore into the now full database is refused and changes nothing.
      await expect(restoreBackup(cluster.url, file, signed)).rejects.toThrow(/contient déjà des lignes/)
    } finally {
      await cluster.stop()
      release()
    }
    const restored = await openDatabase({ dataDir: target })
    try {
      expect(await dumpDatabase(restored.db)).toEqual(before)
      expect((await dumpDatabase(restored.db)).commandes!.length).toBeGreaterThan(10)
      expect(await selectRows(restored.db, seqQuery)).toEqual(sequences)
    } finally {
      await restored.close()
    }
  }, 180_000) // seeds, backs up and restores whole clusters: long on a busy machine

  it('stops a cluster a killed Silo left running, and removes a postmaster.pid whose process is not PostgreSQL', async () => {
    const data = join(dir, 'leftover')
    mkdirSync(data)
    let release = acquireLock(data)
    await startCluster(data)
    release() // the Silo "dies": its lock goes, its PostgreSQL keeps running
    const logs: string[] = []
    release = acquireLock(data)
    let cluster = await startCluster(data, { log: (m) => logs.push(m) })
    expect(logs).toContain('stopping the PostgreSQL left running by a previous Silo')
    await cluster.stop()
    // After a reboot the file's process id can belong to another process (here: this one).
    writeFileSync(join(clusterDir(data), 'postmaster.pid'), `${process.pid}\n${clusterDir(data)}\n`)
    logs.length = 0
    cluster = await startCluster(data, { log: (m) => logs.push(m) })
    try {
      expect(logs.join('\n')).toMatch(/removing a stale postmaster.pid/)
    } finally {
      await cluster.stop()
      release()
    }
  })

  it('a start that fails says what PostgreSQL logged', async () => {
    const data = join(dir, 'broken')
    mkdirSync(data)
    const release = acquireLock(data)
    try {
      await (await startCluster(data)).stop()
      appendFileSync(join(clusterDir(data), 'postgresql.conf'), "shared_buffers = 'beaucoup'\n")
      await expect(startCluster(data)).rejects.toThrow(/did not start[\s\S]*Its log says:[\s\S]*shared_buffers/)
    } finally {
      release()
    }
  })

  it('says how to carry over a DATA_DIR that holds a PGlite database', async () => {
    const data = join(dir, 'pglite')
    mkdirSync(join(data, 'base'), { recursive: true })
    writeFileSync(join(data, 'PG_VERSION'), '17\n')
    await expect(openDatabase({ dataDir: data })).rejects.toThrow(/holds a PGlite database.*npm run import-pglite/)
  })
})

describe.skipIf(!databaseUrl)('several instances on one PostgreSQL', () => {
  it('migrate and seed once when they start together', async () => {
    const created = await createPostgresDatabase(databaseUrl!)
    try {
      const instances = await Promise.all([0, 1, 2].map(() => openDatabase({ databaseUrl: created.url })))
      try {
        const seeded = await Promise.all(instances.map((i) => seedIfEmpty(i.db, { today: TEST_TODAY })))
        expect(seeded.filter(Boolean)).toHaveLength(1)
        const [u] = await instances[0]!.db.select({ n: count() }).from(users)
        expect(u!.n).toBe(8)
      } finally {
        await Promise.all(instances.map((i) => i.close()))
      }
    } finally {
      await created.drop()
    }
  })
})
