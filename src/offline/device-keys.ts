// What the device keeps across sign-outs: choices about the device itself, not about the user
// (a shared tablet in the office keeps being told "Plus tard" for the install card, issue 28).
// At logout only the user's copies go (api/others-copies: the persisted query caches), so this stays.

/** Until when (ms since epoch) the install card stays hidden after "Plus tard". */
export const INSTALL_LATER_KEY = 'silo-installation-plus-tard'
