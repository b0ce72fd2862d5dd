// The "new version" toast itself, loaded only once an update waits (Konsta's Toast and Button
// are not needed by the first paint).
import { Button, Toast } from 'konsta/react'
import WhenOutboxEmpty from './when-outbox-empty'

export default function UpdateToast({ apply }: { apply: () => void }) {
  return (
    <WhenOutboxEmpty>
      <Toast
        position="center"
        opened
        button={
          <Button clear inline className="touch-target" onClick={() => apply()}>
            Mettre à jour
          </Button>
        }
      >
        <div role="status" className="shrink text-base">
          Une nouvelle version de Silo est disponible.
        </div>
      </Toast>
    </WhenOutboxEmpty>
  )
}
