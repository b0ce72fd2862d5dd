// A rating of 0.5 to 5 stars in half steps (cart-orders-admin §4). For assistive technology and
// the keyboard it is a native radio group of ten values named '3,5 étoiles sur 5' (arrows move
// and choose, Tab leaves). For the finger, each star is one 48px square (a half star was a 28px
// target, too small for a gloved finger, issue 28): the whole star's radio, invisible, covers it,
// and a second tap on the chosen star makes it a half star. The half stars' radios are visually
// hidden: the keyboard and screen readers reach them, the finger gets there by the second tap.
import { useId } from 'react'
import { NOTE_VALEURS, starsLabel } from '../../../domain/survey'

const STAR = 'M12 2.5l2.94 6.14 6.56.76-4.86 4.6 1.25 6.6L12 17.3l-5.89 3.3 1.25-6.6-4.86-4.6 6.56-.76z'

function StarShape({ fill }: { fill: 0 | 0.5 | 1 }) {
  return (
    <span aria-hidden="true" className="pointer-events-none absolute inset-0">
      <svg viewBox="0 0 24 24" className="absolute inset-0 size-full" focusable="false">
        <path d={STAR} className="fill-white stroke-neutral-700" strokeWidth={1.5} strokeLinejoin="round" />
      </svg>
      {fill > 0 && (
        <span className={`absolute inset-y-0 left-0 overflow-hidden ${fill === 1 ? 'w-full' : 'w-1/2'}`}>
          <svg viewBox="0 0 24 24" className="absolute top-0 left-0 aspect-square h-full" focusable="false">
            <path d={STAR} className="fill-silo-gold stroke-neutral-900" strokeWidth={1.5} strokeLinejoin="round" />
          </svg>
        </span>
      )}
    </span>
  )
}

interface Props {
  /** The group's accessible name, shown above the stars. */
  label: string
  value: number | null
  onChange: (value: number) => void
  disabled?: boolean
  /** Headline style for the global rating. */
  emphasis?: boolean
}

export function StarRating({ label, value, onChange, disabled, emphasis }: Props) {
  const id = useId()
  const labelId = `${id}-label`
  return (
    <div className="mt-3">
      <p id={labelId} className={emphasis ? 'text-lg font-bold' : 'font-semibold'}>
        {label}
      </p>
      <div role="radiogroup" aria-labelledby={labelId} className="mt-1 flex flex-wrap items-center gap-1.5">
        {[1, 2, 3, 4, 5].map((star) => {
          const fill = value === null ? 0 : value >= star ? 1 : value >= star - 0.5 ? 0.5 : 0
          return (
            <span
              key={star}
              className="relative inline-block size-12 rounded-md has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-silo-gold has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-neutral-900"
            >
              <StarShape fill={fill} />
              {NOTE_VALEURS.filter((v) => v === star - 0.5 || v === star).map((v) => (
                <input
                  key={v}
                  type="radio"
                  name={id}
                  value={v}
                  aria-label={starsLabel(v)}
                  title={starsLabel(v)}
                  checked={value === v}
                  disabled={disabled}
                  onChange={() => onChange(v)}
                  // A second tap (a pointer's click: a key's has detail 0) on the chosen whole star halves it.
                  onClick={(e) => v === star && value === star && e.detail > 0 && onChange(star - 0.5)}
                  className={
                    v === star ? 'absolute inset-0 m-0 size-full cursor-pointer appearance-none opacity-0' : 'sr-only'
                  }
                />
              ))}
            </span>
          )
        })}
      </div>
      {emphasis && <p className="text-base text-neutral-900">Touchez deux fois une étoile pour une demi-étoile.</p>}
      <p aria-hidden="true" className="min-h-6 text-base text-neutral-900">
        {value === null ? '' : starsLabel(value)}
      </p>
    </div>
  )
}
