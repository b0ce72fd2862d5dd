// A new version of the app waits (register-sw says so, loaded after the first screen); the
// shell's prompt subscribes here, from the first screen on, without loading workbox-window.
type UpdateListener = (apply: () => void) => void
let onUpdate: UpdateListener | null = null
let pendingUpdate: (() => void) | null = null

/** The shell shows "new version" to the user; it subscribes here. */
export function onUpdateWaiting(listener: UpdateListener | null) {
  onUpdate = listener
  if (listener && pendingUpdate) listener(pendingUpdate)
}

/** register-sw: a new version waits; `apply` switches to it. */
export function announceUpdate(apply: () => void) {
  pendingUpdate = apply
  onUpdate?.(apply)
}
