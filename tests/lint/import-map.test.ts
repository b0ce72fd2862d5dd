// The import map of .config/eslint.config.js proved rule by rule: each snippet breaks one rule
// (or keeps to it) at a real path of the tree, and ESLint's own API says whether it fails.
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

let eslint: ESLint

beforeAll(() => {
  eslint = new ESLint({ overrideConfigFile: '.config/eslint.config.js' })
})

/** The rule ids ESLint reports for `code` written at `filePath` (relative to the repository). */
async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message)
}

describe('the import map', { timeout: 60_000 }, () => {
  it('keeps the contract as the floor: it imports nothing of the other layers', async () => {
    for (const [from, name] of [
      ['../domain/constants', 'MESSAGES'],
      ['../api/http-client', 'request'],
      ['../server/http/http-error', 'HttpError'],
    ])
      expect(
        await rulesBroken(
          'src/contract/lint-probe.ts',
          `import { ${name} } from '${from}'\nexport const x = ${name}\n`,
        ),
      ).toContain('import-x/no-restricted-paths')
    // Not even a library of theirs: valibot and its own files only.
    expect(
      await rulesBroken('src/contract/lint-probe.ts', "import { DateTime } from 'luxon'\nexport const x = DateTime\n"),
    ).toContain('@typescript-eslint/no-restricted-imports')
    expect(
      await rulesBroken(
        'src/contract/lint-probe.ts',
        "import * as v from 'valibot'\nimport { CODE_ENTITE } from './limits'\nexport const x = v.literal(CODE_ENTITE)\n",
      ),
    ).toEqual([])
  })

  it('lets src/domain import the contract: its types, and the values of its constants, never its schemas', async () => {
    const file = 'src/domain/lint-probe.ts'
    expect(
      await rulesBroken(
        file,
        "import { LigneCommande } from '../contract/commandes'\nexport const x = LigneCommande\n",
      ),
    ).toContain('@typescript-eslint/no-restricted-imports')
    expect(
      await rulesBroken(
        file,
        "import type { LigneCommande } from '../contract/commandes'\nexport type X = LigneCommande\n",
      ),
    ).toEqual([])
    expect(
      await rulesBroken(file, "import { CODE_ENTITE } from '../contract/limits'\nexport const x = CODE_ENTITE\n"),
    ).toEqual([])
    expect(
      await rulesBroken(file, "import { request } from '../api/http-client'\nexport const x = request\n"),
    ).toContain('import-x/no-restricted-paths')
  })

  it('lets the server import the contract, never the browser fetch client', async () => {
    const file = 'src/server/services/lint-probe.ts'
    expect(
      await rulesBroken(file, "import { request } from '../../api/http-client'\nexport const x = request\n"),
    ).toContain('import-x/no-restricted-paths')
    expect(
      await rulesBroken(
        file,
        "import { LigneCommande } from '../../contract/commandes'\nexport const x = LigneCommande\n",
      ),
    ).toEqual([])
  })

  it('keeps route folders apart', async () => {
    const code = "import { searchTiers } from '../tiers/tiers-search.handlers'\nexport const x = searchTiers\n"
    expect(await rulesBroken('src/server/routes/user/lint-probe.ts', code)).toContain('import-x/no-restricted-paths')
    expect(
      await rulesBroken(
        'src/server/routes/tiers/lint-probe.ts',
        "import { searchTiers } from './tiers-search.handlers'\nexport const x = searchTiers\n",
      ),
    ).toEqual([])
  })

  it('keeps the server layers one way: db at the floor, auth under services', async () => {
    expect(
      await rulesBroken(
        'src/server/db/lint-probe.ts',
        "import { clientAddress } from '../http/client-address'\nexport const x = clientAddress\n",
      ),
    ).toContain('import-x/no-restricted-paths')
    expect(
      await rulesBroken(
        'src/server/auth/lint-probe.ts',
        "import { findTiers } from '../services/tiers'\nexport const x = findTiers\n",
      ),
    ).toContain('import-x/no-restricted-paths')
  })

  it('refuses an import cycle', async () => {
    // calendar.ts imports day-numbers.ts: day-numbers importing calendar back closes a loop.
    const code = "import { ZONE as Z } from './calendar'\nexport const x = Z\n"
    expect(await rulesBroken('src/domain/day-numbers.ts', code)).toContain('import-x/no-cycle')
  })

  it('refuses an import circle through a type-only or a lazy import too', async () => {
    // ui/order-line-button imports ui/order-line-slot: the slot naming a type of the button back
    // closes a circle import-x/no-cycle does not see (it skips type-only imports).
    const typeBack = "import type { Props } from './order-line-button'\nexport type X = Props\n"
    expect(await rulesBroken('src/app/ui/order-line-slot.tsx', typeBack)).toContain('silo/import-circle')
    // calendar.ts imports day-numbers.ts: a lazy import back is a circle as well.
    const lazyBack = "export const later = () => import('./calendar')\n"
    expect(await rulesBroken('src/domain/day-numbers.ts', lazyBack)).toContain('silo/import-circle')
    // A type imported one way only is no circle.
    const oneWay = "import type { OrderTarget } from './order-line-slot'\nexport type X = OrderTarget\n"
    expect(await rulesBroken('src/app/ui/lint-probe.ts', oneWay)).toEqual([])
  })

  it('refuses a cast through unknown in src and sw (issue 44)', async () => {
    for (const file of ['src/offline/lint-probe.ts', 'sw/lint-probe.ts'])
      expect(await rulesBroken(file, 'export const n = (1 as unknown as string).length\n')).toContain(
        'no-restricted-syntax',
      )
    expect(
      await rulesBroken('src/app/lint-probe.ts', 'export const n = ((1 as unknown) as string).length\n'),
    ).toContain('no-restricted-syntax')
    // A cast to unknown alone, or through another type, is not this one.
    expect(await rulesBroken('src/app/lint-probe.ts', 'export const u = 1 as unknown\n')).toEqual([])
  })

  it('keeps files small: 300 lines of code at most', async () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `export const v${i} = ${i}`).join('\n') + '\n'
    expect(await rulesBroken('src/domain/lint-probe.ts', lines(301))).toContain('max-lines')
    expect(await rulesBroken('src/domain/lint-probe.ts', `// why\n\n${lines(300)}`)).toEqual([])
  })
})
