// The sign-in page in the app: whatever was left in clear is sealed, and the page says when
// someone's orders wait on this device for their owner's next sign-in (issue 25).
import { useEffect, useState } from 'react'
import { forgetDeviceAdoption } from '../../ui/shell/device-adoption'
import { OthersWaitingNotice } from './others-waiting-notice'
import { sealAtSignIn } from './seal-at-sign-in'

export default function OthersWaiting() {
  const [waiting, setWaiting] = useState(false)
  useEffect(() => {
    forgetDeviceAdoption()
    let live = true
    void sealAtSignIn()
      .then((others) => live && setWaiting(others))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [])
  return waiting ? <OthersWaitingNotice /> : null
}
