// The sentence of an advised order (issue 18): when to order, or that it is late. Late is red
// with a cross-marked clock, in time is dark on gold: the colour is never the only sign.
import type { Advice } from './use-order-advice'

export function AdviceSentence({ advice, className = '' }: { advice: Advice; className?: string }) {
  return (
    <p
      data-testid="conseil-commande"
      // Never over 6.5 % of the screen's width, its icon and spaces in em: at 200 % on a 320px
      // phone "03/12/2026" (32px) with the icon was wider than the card (issue 51).
      className={`inline-flex max-w-full items-start gap-[0.5em] rounded-lg px-[0.5em] py-1 text-[length:min(1rem,6.5vw)] font-bold ${advice.late ? 'bg-red-50 text-red-800' : 'bg-silo-gold-light text-neutral-950'} ${className}`}
    >
      <svg
        viewBox="0 0 24 24"
        className="mt-[0.125em] h-[1.25em] w-[1.25em] shrink-0"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="12" cy="12" r="9" />
        {advice.late ? (
          <path d="M8.5 8.5l7 7M15.5 8.5l-7 7" strokeLinecap="round" />
        ) : (
          <path d="M12 7v5l3 2" strokeLinecap="round" strokeLinejoin="round" />
        )}
      </svg>
      <span className="min-w-0">{advice.text}</span>
    </p>
  )
}
