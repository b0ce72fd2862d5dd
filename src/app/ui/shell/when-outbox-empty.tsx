import type { ReactNode } from 'react'
import { useUnsentCount } from '../../../offline/outbox-count'

/** Renders its children only when no order or survey waits to be sent from this device. */
export default function WhenOutboxEmpty({ children }: { children: ReactNode }) {
  return useUnsentCount() === 0 ? <>{children}</> : null
}
