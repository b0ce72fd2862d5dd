// The connection state (src/api/connection.ts) as React state: whether the server answered the
// app's last requests, not whether a network interface is up.
import { useSyncExternalStore } from 'react'
import { isOnline, subscribeConnection } from '../../api/connection'

export const useOnline = (): boolean => useSyncExternalStore(subscribeConnection, isOnline, () => true)
