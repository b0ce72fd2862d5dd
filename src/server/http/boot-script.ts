// index.html's one inline script (it shows the sign-in page's static shell instead of the app
// bar's on /login, before any JavaScript file has arrived). The Content-Security-Policy allows
// exactly this script by its SHA-256; tests/server/static.test.ts recomputes it from index.html,
// so editing the script without updating the hash fails the tests, not the browser.
export const BOOT_SCRIPT_HASH = "'sha256-6P3gOqq1SnZdqJqciY0eJugCMFXcMHvMBlBGwoY9LZk='"
