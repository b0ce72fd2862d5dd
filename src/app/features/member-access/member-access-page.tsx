// Staff acting for a member (issue 40): the member's sign-in account, whether it has a password,
// the last first sign-in link sent, and the button that sends one by mail (valid 48 h, once).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { DateTime } from 'luxon'
import { accesQueryOptions, sendLienConnexion } from '../../../api/acces-adherent'
import { LIEN_VALIDITE_HEURES, type AccesAdherent, type LienConnexion } from '../../../contract/acces-adherent'
import { formatDateCourte, formatHeure } from '../../../domain/format'
import { PARIS } from '../../../domain/paris-zone'
import { PageHeading } from '../../ui/page-heading'
import { QueryStatus } from '../../ui/query-status'

const at = (iso: string) => {
  const t = DateTime.fromISO(iso).setZone(PARIS)
  return `${formatDateCourte(t)} à ${formatHeure(t)}`
}

/** Where the last link stands, in words. */
function linkState(link: LienConnexion, now: DateTime): string {
  if (link.utiliseA) return `Utilisé le ${at(link.utiliseA)} : l’adhérent a choisi son mot de passe.`
  if (link.remplace) return 'Remplacé par un lien plus récent.'
  if (DateTime.fromISO(link.expireA) <= now) return `Expiré le ${at(link.expireA)}, sans avoir servi.`
  return `Valable jusqu’au ${at(link.expireA)}, pas encore utilisé.`
}

function Account({ acces }: { acces: AccesAdherent }) {
  const link = acces.dernierLien
  return (
    <dl className="grid gap-x-6 gap-y-2 text-lg sm:grid-cols-[max-content_1fr]">
      <dt className="font-semibold">Identifiant</dt>
      <dd>{acces.username}</dd>
      <dt className="font-semibold">Nom</dt>
      <dd>{acces.displayName}</dd>
      <dt className="font-semibold">Adresse électronique</dt>
      <dd className="break-words">{acces.email ?? 'Aucune'}</dd>
      <dt className="font-semibold">Mot de passe</dt>
      <dd>
        {acces.motDePasse ? 'Choisi' : 'Pas encore choisi : l’adhérent ne peut pas se connecter par mot de passe.'}
      </dd>
      <dt className="font-semibold">Dernier lien</dt>
      <dd>
        {link
          ? `Envoyé le ${at(link.envoyeA)} à ${link.email} par ${link.envoyePar}. ${linkState(link, DateTime.now())}`
          : 'Aucun lien envoyé.'}
      </dd>
    </dl>
  )
}

export function MemberAccessPage({ numTiers }: { numTiers: string }) {
  const queryClient = useQueryClient()
  const acces = useQuery(accesQueryOptions(numTiers))
  const send = useMutation({
    mutationFn: () => sendLienConnexion(numTiers),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['acces-adherent', numTiers] }),
  })
  const data = acces.data
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeading>Accès de l’adhérent</PageHeading>
      <QueryStatus query={acces}>
        {data && (
          <section aria-labelledby="compte" className="rounded-xl border border-black/15 bg-white p-4">
            <h2 id="compte" className="mb-3 text-xl font-bold">
              Compte de connexion
            </h2>
            <Account acces={data} />
            <p className="mt-4 text-base text-neutral-800">
              Le lien part par courriel ; il est valable {LIEN_VALIDITE_HEURES} heures et ne sert qu’une fois. Un
              nouveau lien remplace le précédent.
            </p>
            <button
              type="button"
              disabled={!data.email || send.isPending}
              onClick={() => send.mutate()}
              className="touch-target mt-3 w-full rounded-xl bg-silo-green px-6 text-lg font-bold text-white disabled:bg-neutral-400 sm:w-auto"
            >
              {data.motDePasse
                ? 'Envoyer un lien pour changer de mot de passe'
                : 'Envoyer un lien de première connexion'}
            </button>
            {!data.email && (
              <p className="mt-2 font-semibold text-red-800">
                Sans adresse électronique, aucun lien ne peut partir : ajoutez-la dans le fichier des comptes.
              </p>
            )}
          </section>
        )}
      </QueryStatus>
      <p
        role="status"
        aria-live="polite"
        className={
          send.isSuccess ? 'mt-4 rounded-lg border-2 border-silo-green bg-silo-green/10 p-3 font-semibold' : 'sr-only'
        }
      >
        {send.isSuccess ? `Lien envoyé à ${send.data.email}.` : ''}
      </p>
      {send.isError && (
        <p role="alert" className="mt-4 rounded-lg border-2 border-red-700 bg-red-50 p-3 font-semibold text-red-900">
          {send.error.message}
        </p>
      )}
    </div>
  )
}
