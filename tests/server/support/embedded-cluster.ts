// vitest globalSetup: one embedded PostgreSQL cluster for the whole run (the one `npm start`
// runs), in a temporary DATA_DIR. Test files get its address through inject('embeddedPostgresUrl')
// and each makes its own databases in it (support/databases.ts). Stopped and removed at the end.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { startCluster } from '../../../src/server/db/embedded/cluster'
import { acquireLock } from '../../../src/server/db/embedded/lock'

declare module 'vitest' {
  export interface ProvidedContext {
    embeddedPostgresUrl: string
  }
}

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'silo-test-pg-'))
  const release = acquireLock(dataDir)
  const cluster = await startCluster(dataDir)
  // The cluster's superuser: the test files make (and drop) databases of their own with it. Silo's
  // own role (cluster.url) owns one database and may create none (database-rights.test.ts).
  project.provide('embeddedPostgresUrl', cluster.adminUrl)
  return async () => {
    try {
      await cluster.stop()
    } finally {
      release()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
}
