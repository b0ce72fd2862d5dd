// The synthetic cooperative (issue 40): the CSV files a cooperative of `membres` members would
// send, deterministic from a seed, written as they are generated. Tests write a small one (50
// members); `npm run bench:import` the full one (20,000 members, ~6 million rows).
import { mkdirSync } from 'node:fs'
import { writeArticles } from './articles'
import { catalog } from './catalog'
import { writeFarms } from './farms'
import { writeDeliveries, writeDeliveryDelta, writeOrders } from './history'
import { writeMembers } from './members'
import { members, type CooperativeOptions } from './options'
import { writeReference } from './reference'

export { DEFAULTS, scaled, type CooperativeOptions } from './options'

/** Writes every file into `folder` (created if needed); returns the data rows written. */
export async function writeCooperative(folder: string, o: CooperativeOptions): Promise<number> {
  mkdirSync(folder, { recursive: true })
  const all = members(o)
  const cat = catalog(o)
  let rows = await writeReference(folder, o.aujourdhui)
  rows += await writeMembers(folder, o, all)
  rows += await writeArticles(folder, o, cat, all)
  rows += await writeFarms(folder, o, cat, all)
  rows += await writeDeliveries(folder, o, cat, all)
  rows += await writeOrders(folder, o, cat, all)
  return rows
}

/** A day's delta for the cooperative `o` (livraisons.csv and lignes-livraison.csv of `aujourdhui`). */
export async function writeDayDelta(folder: string, o: CooperativeOptions, rows = 20_000): Promise<number> {
  mkdirSync(folder, { recursive: true })
  return writeDeliveryDelta(folder, o, catalog(o), members(o), rows)
}
