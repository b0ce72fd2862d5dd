// Every kind's target, by file name (target.ts).
import { ARTICLE_TARGETS, MEMBER_TARGETS, REFERENCE_TARGETS } from './targets-members'
import { FARM_TARGETS, HISTORY_TARGETS } from './targets-farms'
import type { Target } from './target'

const ALL: Target[] = [...REFERENCE_TARGETS, ...MEMBER_TARGETS, ...ARTICLE_TARGETS, ...FARM_TARGETS, ...HISTORY_TARGETS]

export const TARGETS: ReadonlyMap<string, Target> = new Map(ALL.map((t) => [t.fichier, t]))

export function targetOf(fichier: string): Target {
  const t = TARGETS.get(fichier)
  if (!t) throw new Error(`import: no target for ${fichier}`)
  return t
}
