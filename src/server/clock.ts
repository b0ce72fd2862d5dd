// The server reads the clock here and nowhere else, so tests can fix "now" (only when NODE_ENV=test).
import { DateTime } from 'luxon'
import { ZONE } from '../domain/calendar'

export interface Clock {
  now(): DateTime
}

const systemClock: Clock = { now: () => DateTime.now().setZone(ZONE) }

/** A clock that tests move by hand. */
export function fixedClock(iso: string): Clock & { set(iso: string): void } {
  let current = DateTime.fromISO(iso, { zone: ZONE })
  return {
    now: () => current,
    set: (next: string) => {
      current = DateTime.fromISO(next, { zone: ZONE })
    },
  }
}

/** The real time moved by an offset that browser tests set through POST /api/test/clock. */
function offsetClock(): Clock & { setOffset(seconds: number): void } {
  let offsetSeconds = 0
  return {
    now: () => DateTime.now().setZone(ZONE).plus({ seconds: offsetSeconds }),
    setOffset: (seconds: number) => {
      offsetSeconds = seconds
    },
  }
}

/**
 * Outside NODE_ENV=test the server always reads the real time. In tests SILO_NOW fixes the
 * clock, or else it is the real time with an offset the tests may move.
 */
export function clockFromEnv(env: NodeJS.ProcessEnv = process.env): Clock {
  if (env.NODE_ENV !== 'test') return systemClock
  return env.SILO_NOW ? fixedClock(env.SILO_NOW) : offsetClock()
}
