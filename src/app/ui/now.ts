// The one place the screens read the clock (ARCHITECTURE: time is an input of the rules); browser
// tests fix it with Playwright's page.clock.
import { DateTime } from 'luxon'
import { ZONE } from '../../domain/calendar'

export const parisNow = (): DateTime => DateTime.now().setZone(ZONE)
