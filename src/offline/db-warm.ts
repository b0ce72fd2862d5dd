// Dexie's module, then the database's schema (db.ts's constructor), each evaluated in a task of
// its own before the after-paint modules that use them load: both in one task with the first of
// those took 16 ms unthrottled, above the 12.5 ms a slow phone (4×) turns into a long task
// (issue 29). Opening the database is left to its first use.
import { nextTask } from '../api/next-task'

let warmed: Promise<void> | null = null

/** Resolves once Dexie and the schema are evaluated; at most once per page. */
export function warmDb(): Promise<void> {
  warmed ??= import('dexie')
    .then(nextTask)
    .then(() => import('./db'))
    .then(nextTask)
    .catch(() => undefined) // a chunk that fails to load fails again, reported, where it is used
  return warmed
}
