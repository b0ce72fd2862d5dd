// The early starts the farmer said yes to ('Période anticipée'), for this tab's life (session
// storage: a line opened after a navigation or a reload is the same farmer's same answer): the
// next line opening with the same start is not asked again (issue 43), while a start carried over
// that was never confirmed — it was not early when chosen, days ago — is asked about as its line
// is added (issue 51).
const KEY = 'silo-debuts-anticipes-confirmes'

function read(): string[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '[]')
    return Array.isArray(value) ? value.filter((d): d is string => typeof d === 'string') : []
  } catch {
    return []
  }
}

export const isEarlyStartConfirmed = (start: string): boolean => read().includes(start)

export function confirmEarlyStart(start: string): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify([...new Set([...read(), start])].slice(-20)))
  } catch {
    // Storage refused (private mode, full): the question comes again, which is harmless.
  }
}
