// A part of the shell loaded after the first paint (the cart badge, the outbox's watch, the leave
// guard) may fail to download: a browser that refuses service workers keeps no copy of it, and the
// network may be gone before the browser was idle. Left out until the next load rather than taking
// the whole shell, its menu and the screens already opened down with it (issue 43, item 9).
import { lazy, type ComponentType } from 'react'

const Nothing = () => null

export function optionalPart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => load().catch(() => ({ default: Nothing as ComponentType<P> })))
}
