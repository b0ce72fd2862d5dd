// The sign-in page: nobody is signed in here, so whatever was left in clear is sealed
// (offline/seal), and the page says when someone's orders wait on this device for their owner's
// next sign-in (issue 25).
import { useEffect, useState } from 'react'
import { deviceHoldsData } from '../../../offline/db-presence'
import { forgetDeviceAdoption } from '../../ui/shell/device-adoption'

export default function OthersWaiting() {
  const [waiting, setWaiting] = useState(false)
  useEffect(() => {
    forgetDeviceAdoption()
    let live = true
    // A first visit holds no database: nothing to seal, nothing waiting, Dexie not loaded.
    void deviceHoldsData()
      .then((held) => (held ? import('../../../offline/seal') : null))
      .then(async (seal) => {
        if (!seal) return
        const { sealEveryone, sealedOrders } = seal
        await sealEveryone()
        if (live) setWaiting((await sealedOrders()) > 0)
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [])
  if (!waiting) return null
  return (
    <p role="status" className="max-w-xs rounded-lg border-2 border-neutral-700 px-3 py-2 text-base text-neutral-900">
      Des commandes d'un autre utilisateur attendent sur cet appareil
    </p>
  )
}
