// @vitest-environment jsdom
// Logout's wipe (issue 28): the user's localStorage goes, the device's own choices stay, so the
// install card's "Plus tard" is not undone by every sign-out on a shared tablet.
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { INSTALL_LATER_KEY } from '../../src/offline/device-keys'
import { wipeLocalData } from '../../src/offline/wipe'

describe('wipeLocalData', () => {
  it("erases the user's localStorage and keeps the install card's postponement", async () => {
    localStorage.setItem('silo-query-cache', '{"user":"100001"}')
    localStorage.setItem(INSTALL_LATER_KEY, '1900000000000')
    await wipeLocalData()
    expect(localStorage.getItem('silo-query-cache')).toBeNull()
    expect(localStorage.getItem(INSTALL_LATER_KEY)).toBe('1900000000000')
  })
})
