// The menu's badge on Contrats: a contract ends within one month with quantity left (§2, §9).
import { useQuery } from '@tanstack/react-query'
import { contratsQueryOptions } from '../../../api/contrats'
import { showsContractBadge } from '../../../domain/contracts'
import { parisToday } from '../today'

export function ContractsBadge({ numTiers, className = '' }: { numTiers: string; className?: string }) {
  const contrats = useQuery(contratsQueryOptions(numTiers)).data
  if (!contrats || !showsContractBadge(contrats, parisToday())) return null
  return (
    <span
      className={`inline-flex h-6 min-w-6 items-center justify-center rounded-full border-2 border-neutral-950 bg-silo-gold px-1 text-sm font-bold text-neutral-950 ${className}`}
    >
      !<span className="sr-only"> : un contrat se termine dans moins d'un mois</span>
    </span>
  )
}
