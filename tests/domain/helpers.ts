import { DateTime } from 'luxon'
import fc from 'fast-check'

/** A Paris wall-clock instant, e.g. paris('2026-11-23T09:59'). */
export const paris = (iso: string): DateTime => DateTime.fromISO(iso, { zone: 'Europe/Paris' })

/** Instants between 2020 and 2035, to the minute, in Paris. */
export const arbNow = fc
  .integer({
    min: DateTime.fromISO('2020-01-01T00:00', { zone: 'Europe/Paris' }).toMillis() / 60000,
    max: DateTime.fromISO('2035-12-31T23:59', { zone: 'Europe/Paris' }).toMillis() / 60000,
  })
  .map((m) => DateTime.fromMillis(m * 60000, { zone: 'Europe/Paris' }))
