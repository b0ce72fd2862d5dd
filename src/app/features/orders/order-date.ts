// An order's date is the instant it was received; it is shown as the Paris day and time.
import { DateTime } from 'luxon'
import { ZONE } from '../../../domain/calendar'
import { formatDateCourte, formatHeure } from '../../../domain/format'

const at = (iso: string) => DateTime.fromISO(iso).setZone(ZONE)
export const orderDay = (iso: string): string => formatDateCourte(at(iso))
export const orderTime = (iso: string): string => formatHeure(at(iso))
