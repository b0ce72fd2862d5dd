// The one "whom the device works for has changed" signal (issue 25): work started under a scope
// sees it end, and the change waits for the calls that work still has on the way.
import { describe, expect, it } from 'vitest'
import { currentScope, endScope, scoped, scopeEnded } from '../../src/api/session-scope'

describe('session scope', () => {
  it('ends for the work started under it, not for work started after', async () => {
    const before = currentScope()
    expect(scopeEnded(before)).toBe(false)
    await endScope()
    expect(scopeEnded(before)).toBe(true)
    expect(scopeEnded(currentScope())).toBe(false)
  })

  it('the change waits for the calls on the way, failed ones included', async () => {
    const settled: string[] = []
    let answer!: () => void
    scoped(new Promise<void>((resolve) => (answer = resolve))).then(() => settled.push('answered'))
    scoped(Promise.reject(new Error('refusé'))).catch(() => settled.push('failed'))
    let ended = false
    const ending = endScope().then(() => (ended = true))
    await Promise.resolve()
    expect(ended).toBe(false)
    answer()
    await ending
    expect(settled.sort()).toEqual(['answered', 'failed'])
  })
})
