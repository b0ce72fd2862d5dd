// What the device keeps across sign-outs: choices about the device itself, not about the user
// (a shared tablet in the office keeps being told "Plus tard" for the install card, issue 28).
// Everything else in localStorage is the user's and goes at logout (wipe.ts).

/** Until when (ms since epoch) the install card stays hidden after "Plus tard". */
export const INSTALL_LATER_KEY = 'silo-installation-plus-tard'

export const DEVICE_KEYS: readonly string[] = [INSTALL_LATER_KEY]
