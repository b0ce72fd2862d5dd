// The test's hand on the suite's database (support/instances.ts): hold a lock that a request
// needs, see that request wait on it, end the instances' sessions, read the orders stored.
import type pg from 'pg'
import { ADMIN_APPLICATION } from './instances'

export interface HeldLock {
  release(): Promise<void>
}

/** `lock table <table> in <mode> mode` in a transaction of the test's, until release() (once or more). */
export async function holdLock(admin: pg.Pool, table: string, mode: string): Promise<HeldLock> {
  const client = await admin.connect()
  await client.query('begin')
  await client.query(`lock table ${table} in ${mode} mode`)
  let released: Promise<void> | null = null
  return {
    release: () =>
      (released ??= client.query('rollback').then(
        () => client.release(),
        (err: Error) => client.release(err),
      )),
  }
}

/** Waits (bounded) until a session of the instances waits on a lock in a query matching `like`. */
export async function waitForLockWait(admin: pg.Pool, like: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    const { rowCount } = await admin.query(
      `select 1 from pg_stat_activity
        where datname = current_database() and application_name <> $1 and wait_event_type = 'Lock' and query ilike $2`,
      [ADMIN_APPLICATION, like],
    )
    if (rowCount) return
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`no session waits on a lock for ${like}`)
}

/** Waits (bounded) until a session of the instances waits for a lock on `table`, whatever its
 * query's text (an order's writes go as one long query whose text pg_stat_activity cuts). */
export async function waitForTableLockWait(admin: pg.Pool, table: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    const { rowCount } = await admin.query(
      `select 1 from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where not l.granted and l.relation = $2::regclass
          and a.datname = current_database() and a.application_name <> $1`,
      [ADMIN_APPLICATION, table],
    )
    if (rowCount) return
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`no session waits on a lock of ${table}`)
}

/** pg_terminate_backend of every instance's session on the suite's database; how many ended. */
export async function terminateBackends(admin: pg.Pool): Promise<number> {
  const { rows } = await admin.query<{ ended: boolean }>(
    `select pg_terminate_backend(pid) as ended from pg_stat_activity
      where datname = current_database() and application_name <> $1 and pid <> pg_backend_pid()`,
    [ADMIN_APPLICATION],
  )
  return rows.filter((r) => r.ended).length
}

/** The stored orders whose comment starts with `prefix`: comment → the numbers stored with it. */
export async function storedOrders(admin: pg.Pool, prefix: string): Promise<Map<string, string[]>> {
  const { rows } = await admin.query<{ commentaire: string; numero: string }>(
    `select commentaire, numero from commandes where commentaire like $1 || '%' order by id`,
    [prefix],
  )
  const byComment = new Map<string, string[]>()
  for (const r of rows) byComment.set(r.commentaire, [...(byComment.get(r.commentaire) ?? []), r.numero])
  return byComment
}
