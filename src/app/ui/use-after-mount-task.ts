// False on the first render, true from a task after the component mounted. What a screen reads
// from the server as it mounts starts from the passive effects of the render that mounts it: on the
// server-rendered Historique that is the hydration's, where two reads of the advice cost 17 ms of
// the one 44 ms task (the fetch client and the browser's fetch, unthrottled; ×4 in Lighthouse's
// mobile CPU, issue 50). Enabled from here, they start in a task of their own.
import { useEffect, useState } from 'react'
import { nextTask } from '../../api/next-task'

export function useAfterMountTask(): boolean {
  const [after, setAfter] = useState(false)
  useEffect(() => {
    let cancelled = false
    void nextTask().then(() => !cancelled && setAfter(true))
    return () => {
      cancelled = true
    }
  }, [])
  return after
}
