// @vitest-environment jsdom
// Logout on a shared device (issues 25 and 28): the user's copies go (persisted query caches), the
// device's own choices stay, so the install card's "Plus tard" is not undone by every sign-out.
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { INSTALL_LATER_KEY } from '../../src/offline/device-keys'
import { signOutDevice } from '../../src/offline/seal'

describe('signing out', () => {
  it("erases the user's persisted copies and keeps the install card's postponement", async () => {
    localStorage.setItem('silo-query-cache:Tag0fTheUser0000000000', '{"user":"100001"}')
    localStorage.setItem(INSTALL_LATER_KEY, '1900000000000')
    await signOutDevice()
    expect(localStorage.getItem('silo-query-cache:Tag0fTheUser0000000000')).toBeNull()
    expect(localStorage.getItem(INSTALL_LATER_KEY)).toBe('1900000000000')
  })
})
