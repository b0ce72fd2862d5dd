// Persistent storage for the cart (a page-only API: the service worker has no StorageManager.persist).
let persistAsked = false
/**
 * Asks the browser to keep this site's storage under pressure, once, at the first cart line: a
 * cart typed in a barn must not be evicted before it is sent. A refusal changes nothing else.
 */
export async function askPersistentStorage(): Promise<boolean> {
  if (persistAsked) return false
  persistAsked = true
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined
  if (!storage?.persist) return false
  try {
    return (await storage.persisted?.()) || (await storage.persist())
  } catch {
    return false
  }
}
