// Column helpers shared by every table, so that a unit is written the same way everywhere.
// Column names are camelCase in code and snake_case in SQL: `casing: 'snake_case'` is set on the
// drizzle instances (client.ts) and in drizzle-kit's config, so no table repeats the names.
import { date, numeric, timestamp } from 'drizzle-orm/pg-core'

/** Tonnes (and kg per animal): 3 decimals, read as a JS number (ARCHITECTURE: tonnes are numbers). */
export const tonnes = () => numeric({ precision: 10, scale: 3, mode: 'number' })

/** A calendar day, read and written as 'yyyy-MM-dd' (Europe/Paris days, no time zone games). */
export const day = () => date({ mode: 'string' })

/** An instant. */
export const instant = () => timestamp({ withTimezone: true, mode: 'date' })
