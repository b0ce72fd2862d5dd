// The history comes painted by the server (issue 29) and a farmer may pick an address before the
// scripts have run. React hydrates a <select> without touching its value, so the screen would show
// the farmer's pick over a list filtered by the state's default. Once hydrated, the pick wins.
import { useEffect, useRef } from 'react'

export function useChoiceBeforeHydration<E extends HTMLSelectElement | HTMLInputElement>(
  value: string,
  onChange: (v: string) => void,
) {
  const ref = useRef<E>(null)
  // On mount only: afterwards React keeps the control and its state the same.
  const first = useRef({ value, onChange })
  useEffect(() => {
    const picked = ref.current?.value
    if (picked !== undefined && picked !== first.current.value) first.current.onChange(picked)
  }, [])
  return ref
}
