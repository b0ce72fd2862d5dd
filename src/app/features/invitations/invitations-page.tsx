// Issue 48: the Invitations screen, role COM_ALI_ADMIN_METIER. The sign-in accounts counted by
// state (members and staff alike), a page of them by state or by number or name, and the first
// sign-in links sent by mail to every account not yet invited (or whose link expired) or to those
// chosen, after a confirmation that says how many mails will leave. The server decides who gets a
// link, under each account's lock: what it answers is what was sent.
import { useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { invitationsQueryOptions, sendInvitations } from '../../../api/invitations'
import {
  ETATS_A_INVITER,
  IDENTIFIANTS_MAX,
  type EnvoiInvitations,
  type EnvoiInvitationsBody,
  type EtatInvitation,
} from '../../../contract/invitations'
import { LIEN_VALIDITE_HEURES } from '../../../contract/acces-adherent'
import { groupDigits } from '../../../domain/invitations'
import { PageHeading } from '../../ui/page-heading'
import { QueryStatus } from '../../ui/query-status'
import { useDebounced } from '../../ui/use-debounced'
import { AccountList } from './account-list'
import { Counts } from './counts'
import { SendDialog, sentText } from './send-dialog'
import { FILLED, INPUT, OUTLINE } from './styles'

export function InvitationsPage() {
  const queryClient = useQueryClient()
  const [etat, setEtat] = useState<EtatInvitation | null>(null)
  const [page, setPage] = useState(1)
  const [text, setText] = useState('')
  const recherche = useDebounced(text.trim())
  const list = useQuery(invitationsQueryOptions({ etat, page, recherche }))
  // The accounts chosen, with their state when chosen (the confirmation counts those to invite).
  const [selected, setSelected] = useState<Map<string, EtatInvitation>>(new Map())
  const [asking, setAsking] = useState<EnvoiInvitationsBody | null>(null)
  const [done, setDone] = useState<EnvoiInvitations | null>(null)
  const send = useMutation({
    mutationFn: sendInvitations,
    meta: { errorDialog: false },
    onSuccess: (result) => {
      setDone(result)
      setSelected(new Map())
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['invitations'] }),
  })
  const data = list.data
  const toInviteAll = data ? ETATS_A_INVITER.reduce((sum, e) => sum + data.compteurs[e], 0) : 0
  const toInviteChosen = [...selected.values()].filter((e) => ETATS_A_INVITER.includes(e)).length

  const chooseEtat = (e: EtatInvitation | null) => {
    setEtat(e)
    setPage(1)
  }
  const toggle = (username: string) => {
    const row = data?.comptes.find((c) => c.username === username)
    setSelected((s) => {
      const next = new Map(s)
      if (next.has(username)) next.delete(username)
      else if (row && next.size < IDENTIFIANTS_MAX) next.set(username, row.etat)
      return next
    })
  }
  const ask = (body: EnvoiInvitationsBody) => {
    setDone(null)
    send.reset()
    setAsking(body)
  }

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeading>Invitations</PageHeading>
      <p className="mb-4 text-base text-neutral-800">
        Chaque compte sans mot de passe reçoit par courriel un lien pour choisir le sien, valable {LIEN_VALIDITE_HEURES}{' '}
        heures et bon une seule fois. Un compte qui a déjà un lien valable, un mot de passe ou pas d’adresse
        électronique n’en reçoit pas.
      </p>
      <QueryStatus query={list}>
        {data && (
          <>
            <Counts compteurs={data.compteurs} etat={etat} onEtat={chooseEtat} />
            <section aria-labelledby="envoi" className="mb-6 rounded-xl border border-black/15 p-3 md:p-4">
              <h2 id="envoi" className="mb-2 text-xl font-bold">
                Envoyer
              </h2>
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className={`${FILLED} max-w-full`}
                  disabled={send.isPending}
                  onClick={() => ask({ tous: true })}
                >
                  Envoyer les invitations à tous les comptes non invités
                </button>
                <button
                  type="button"
                  className={`${OUTLINE} max-w-full`}
                  disabled={send.isPending || selected.size === 0}
                  onClick={() => ask({ identifiants: [...selected.keys()] })}
                >
                  Envoyer les invitations à la sélection ({groupDigits(selected.size)})
                </button>
              </div>
            </section>
            <section aria-labelledby="comptes">
              <h2 id="comptes" className="mb-2 text-xl font-bold">
                Comptes
              </h2>
              <label htmlFor="recherche-compte" className="mb-1 block font-semibold">
                Rechercher par numéro ou nom
              </label>
              <input
                id="recherche-compte"
                type="search"
                value={text}
                maxLength={100}
                onChange={(e) => {
                  setText(e.target.value)
                  setPage(1)
                }}
                className={`${INPUT} mb-3 md:max-w-md`}
              />
              <AccountList
                comptes={data.comptes}
                total={data.total}
                page={data.page}
                selected={new Set(selected.keys())}
                onToggle={toggle}
                onPage={setPage}
              />
            </section>
          </>
        )}
      </QueryStatus>
      <p
        role="status"
        aria-live="polite"
        className={done ? 'mt-4 rounded-lg border-2 border-silo-green bg-silo-green/10 p-3 font-semibold' : 'sr-only'}
      >
        {done ? sentText(done) : ''}
      </p>
      {send.isError && (
        <p role="alert" className="mt-4 rounded-lg border-2 border-red-700 bg-red-50 p-3 font-semibold text-red-900">
          {send.error.message}
        </p>
      )}
      <SendDialog
        open={asking !== null}
        mails={asking && 'tous' in asking ? toInviteAll : toInviteChosen}
        onAnswer={(yes) => {
          if (yes && asking) send.mutate(asking)
          setAsking(null)
        }}
      />
    </div>
  )
}
