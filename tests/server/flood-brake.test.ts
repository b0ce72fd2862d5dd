// The brake on sign-in floods (auth/flood-brake.ts): refusals answered at once while few; past 50
// in a second, answered after a second; never more than 500 answers held at once.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { brakeRefusal } from '../../src/server/auth/flood-brake'

describe('the brake on sign-in floods', () => {
  afterEach(() => vi.useRealTimers())

  it('answers at once up to 50 refusals a second, then after a second, holding 500 at most', async () => {
    vi.useFakeTimers()
    const t0 = 1_000_000
    const first = Array.from({ length: 50 }, () => brakeRefusal(t0))
    expect(first.every((b) => b === null)).toBe(true)
    const braked = Array.from({ length: 600 }, () => brakeRefusal(t0 + 10))
    const held = braked.filter((b) => b !== null)
    // Beyond 500 held answers, the next ones go at once again: bounded, nothing queued.
    expect(held).toHaveLength(500)
    let released = 0
    for (const b of held) void b!.then(() => released++)
    await vi.advanceTimersByTimeAsync(999)
    expect(released).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(released).toBe(500)
    // A new second starts the count again: a few refusals are answered at once.
    expect(brakeRefusal(t0 + 2_000)).toBeNull()
  })
})
