// One order and its lines (cart-orders-admin §2 "Detail view"): each line's article, quantity,
// delivery window and slots, truck mode, storage places, supplements, minerals and step.
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { Commande, LigneCommande } from '../../../contract/commandes'
import { referentielQueryOptions } from '../../../api/referentiel'
import { referenceLabel } from '../../../domain/admin'
import { MESSAGES } from '../../../domain/constants'
import { formatDate, formatNombre, formatTonnes } from '../../../domain/format'
import { orderDay } from './order-date'
import { lineStepLabel, mobileStepLabel } from '../../../domain/orders'
import { autreLieuTexte, isAutreLieu } from '../../../domain/storage-places'
import { restoreAutreLieux } from '../../../domain/submission'
import { avecUnite } from '../../../domain/typography'

type Libelles = {
  periode: (c: string) => string
  camion: (c: string) => string
  silo: (c: string | null) => string | null
}

function Ligne({ l: stored, libelles }: { l: LigneCommande; libelles: Libelles }) {
  // Sent and stored as 997 with the farmer's words in the comment: shown back as a place.
  const l = restoreAutreLieux(stored)
  const places = [l.codeTypeSilo1, l.codeTypeSilo2, l.codeTypeSilo3].map(libelles.silo).filter(Boolean)
  return (
    <li className="rounded-xl border-2 border-neutral-300 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 className="text-lg font-bold">{l.libelleArticle}</h3>
        <span className="text-base font-semibold text-silo-green">
          <span className="hidden md:inline">{lineStepLabel(l.etape)}</span>
          <span className="md:hidden">{mobileStepLabel(l.etape)}</span>
        </span>
      </div>
      <dl className="mt-2 pairs gap-x-4 gap-y-1 text-base">
        <dt className="text-neutral-800">Quantité</dt>
        <dd className="font-semibold">
          {l.codeUniteArticle === 'T'
            ? formatTonnes(l.quantiteCommande)
            : avecUnite(formatNombre(l.quantiteCommande), l.codeUniteArticle)}
        </dd>
        <dt className="text-neutral-800">Livraison</dt>
        <dd>
          du {formatDate(l.datePrevueLivraison)} ({libelles.periode(l.matinApmidi)}) au{' '}
          {formatDate(l.finDatePrevueLivraison)} ({libelles.periode(l.finMatinApmidi)})
        </dd>
        <dt className="text-neutral-800">Camion</dt>
        <dd>{libelles.camion(l.codeModeCamion)}</dd>
        {places.length > 0 && (
          <>
            <dt className="text-neutral-800">Stockage</dt>
            <dd>
              {places.join(', ')}
              {l.melangeDechargement ? ' — mélange au déchargement' : ''}
            </dd>
          </>
        )}
        {l.numLot && (
          <>
            <dt className="text-neutral-800">Lot</dt>
            <dd>{l.numLot}</dd>
          </>
        )}
        {l.numContrat && (
          <>
            <dt className="text-neutral-800">Contrat</dt>
            <dd>N° {l.numContrat}</dd>
          </>
        )}
        {l.supplementations.length > 0 && (
          <>
            <dt className="text-neutral-800">Supplémentations</dt>
            <dd>{l.supplementations.map((s) => s.libelleArticle).join(', ')}</dd>
          </>
        )}
        {l.mineraux.length > 0 && (
          <>
            <dt className="text-neutral-800">Minéraux</dt>
            <dd>
              {l.mineraux
                .map((m) => `${m.libelleArticle} (${avecUnite(formatNombre(m.quantiteCommande), '%')})`)
                .join(', ')}
            </dd>
          </>
        )}
        {l.commentaire && (
          <>
            <dt className="text-neutral-800">Commentaire</dt>
            <dd>{l.commentaire}</dd>
          </>
        )}
      </dl>
    </li>
  )
}

export function OrderDetail({ commande, numTiers }: { commande: Commande; numTiers: string }) {
  const ref = useQuery(referentielQueryOptions(numTiers)).data
  const libelles: Libelles = {
    // Once the referential is known, a code it lacks reads as the spec's placeholder rather than
    // a raw code (cart-orders-admin §2 "Reference-value display"); before, the code is all there is.
    periode: (c) => (ref ? (ref.libellesPeriodesLivraisons[c] ?? MESSAGES.valeurNonReconnue) : c),
    camion: (c) => (ref ? referenceLabel(ref.modesCamion, c, 'type') : c),
    silo: (c) => {
      if (!c) return null
      if (isAutreLieu(c)) return `Autre : ${autreLieuTexte(c)}`
      return ref ? referenceLabel(ref.typesSilo, c, 'type') : c
    },
  }
  return (
    <article>
      <Link
        to="/commandes-en-cours"
        search={{}}
        className="touch-target mb-3 inline-flex items-center rounded-full border-2 border-silo-green px-4 font-semibold text-silo-green"
      >
        ← Liste des commandes
      </Link>
      <h2 className="mb-3 text-xl font-bold">
        Détails de la commande {commande.numero} du {orderDay(commande.date)}
      </h2>
      {commande.commentaire && <p className="mb-3 text-base">Commentaire : {commande.commentaire}</p>}
      {commande.lignes.length === 0 ? (
        <p className="text-base">Aucun aliment.</p>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2">
          {commande.lignes.map((l) => (
            <Ligne key={l.idLigne} l={l} libelles={libelles} />
          ))}
        </ul>
      )}
    </article>
  )
}
