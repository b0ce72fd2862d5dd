// The database a command-line tool works on: DATABASE_URL, or the embedded cluster of DATA_DIR —
// the running one of a Silo in service (a backup reads beside it), otherwise started for the
// time of the command under DATA_DIR's lock (a restore needs Silo stopped).
import { mkdirSync } from 'node:fs'
import type { Config } from '../config'
import { clusterUrl, readCredentials, startCluster } from '../db/embedded/cluster'
import { acquireLock, currentHolder } from '../db/embedded/lock'

export async function withDatabase<T>(
  config: Config,
  use: 'read' | 'write',
  fn: (url: string) => Promise<T>,
): Promise<T> {
  if (config.databaseUrl) return fn(config.databaseUrl)
  const dir = config.dataDir
  if (use === 'read') {
    if (!readCredentials(dir))
      throw new Error(
        `Aucune base de données Silo dans ${dir} (DATA_DIR) : démarrez Silo une première fois (npm start).`,
      )
    if (currentHolder(dir)) return fn(clusterUrl(dir))
  }
  mkdirSync(dir, { recursive: true })
  const release = acquireLock(dir)
  try {
    const cluster = await startCluster(dir, { log: (msg) => console.log(msg) })
    try {
      return await fn(cluster.url)
    } finally {
      await cluster.stop()
    }
  } finally {
    release()
  }
}
