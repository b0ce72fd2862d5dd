// The sentence of an advised order (issue 18): when to order, or that it is late. Late is red
// with a cross-marked clock, in time is dark on gold: the colour is never the only sign.
import type { Advice } from './use-order-advice'

export function AdviceSentence({ advice, className = '' }: { advice: Advice; className?: string }) {
  return (
    <p
      data-testid="conseil-commande"
      className={`inline-flex items-start gap-2 rounded-lg px-2 py-1 text-base font-bold ${advice.late ? 'bg-red-50 text-red-800' : 'bg-silo-gold-light text-neutral-950'} ${className}`}
    >
      <svg
        viewBox="0 0 24 24"
        className="mt-0.5 h-5 w-5 shrink-0"
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
      <span>{advice.text}</span>
    </p>
  )
}
