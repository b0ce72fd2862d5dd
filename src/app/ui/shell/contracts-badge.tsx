// The menu's badge on Contrats: a contract ends within one month with quantity left (§2, §9).
import { useQuery } from '@tanstack/react-query'
import { contratsQueryOptions } from '../../../api/contrats'
import { showsContractBadge } from '../../../domain/contracts'
import { parisToday } from '../today'

interface Props {
  numTiers: string
  className?: string
  /** Laid over the tab bar's icon: in px like it, so that text at 200 % does not hide the icon. */
  overIcon?: boolean
}

export function ContractsBadge({ numTiers, className = '', overIcon = false }: Props) {
  const contrats = useQuery(contratsQueryOptions(numTiers)).data
  if (!contrats || !showsContractBadge(contrats, parisToday())) return null
  return (
    <span
      className={`inline-flex items-center justify-center rounded-full border-2 border-neutral-950 bg-silo-gold px-1 font-bold text-neutral-950 ${overIcon ? 'h-[24px] min-w-[24px] text-[14px]' : 'h-6 min-w-6 text-sm'} ${className}`}
    >
      !<span className="sr-only"> : un contrat se termine dans moins d'un mois</span>
    </span>
  )
}
