// The browser's own database: what must survive without signal and without the server (cart,
// recent deliveries, orders waiting to be sent). Every row is keyed by the signed-in user
// (owner) and the customer acted for (numTiers): an adviser acts for many farmers on one tablet.
import { DB_NAME } from './db-presence'
import { Dexie, type EntityTable, type Table } from 'dexie'
import type { CommandeEnvoyee } from '../contract/commandes'
import type * as v from 'valibot'
import type { HorsConnexion } from '../contract/hors-connexion'
import type { Livraisons } from '../contract/livraisons'
import type { DerniereLivraison, EnTetePanier } from '../contract/panier'
import type { EvaluationBody } from '../domain/survey'
import type { CartLine } from '../domain/types'

export interface CartLineRow {
  owner: string
  numTiers: string
  idLigne: string
  /** The order line itself, as written; parsed on read (src/offline/cart.ts): a row written by
   * an older Silo that no longer parses is kept in place, left out of the cart and reported. */
  line: CartLine
  updatedAt: string
}

/** The last dates and slots chosen, and the cart's header: their one source is the contract (panier.ts). */
export type LastDelivery = v.InferOutput<typeof DerniereLivraison>
export type CartHeader = v.InferOutput<typeof EnTetePanier>

export interface CartHeaderRow {
  owner: string
  numTiers: string
  /** Last dates and slots chosen (defaults for the next line), logistic comment. Parsed on read. */
  header: CartHeader
  updatedAt: string
}

interface DeliveryRow {
  owner: string
  numTiers: string
  key: string
  /** One page of the history as the server sent it; parsed on read (src/offline/deliveries.ts). */
  delivery: Livraisons
  savedAt: string
}

type OutboxStatus = 'pending' | 'sending' | 'accepted' | 'rejected'

export type OutboxKind = 'commande' | 'evaluation'

export interface OutboxRow {
  /** The Idempotency-Key, given when the farmer confirms; sent with every attempt. */
  id: string
  owner: string
  numTiers: string
  /** Absent on rows written before surveys went through the outbox: an order. */
  kind?: OutboxKind
  status: OutboxStatus
  createdAt: string
  /** The body sent with every try: the order as prepared (src/domain prepareOrder), or the survey. */
  payload: CommandeEnvoyee | EvaluationBody
  attempts: number
  /** Not before this instant (backoff after a failed try). */
  nextAttemptAt?: string
  /** When the current try started ('sending'); a try older than a few minutes died with its tab. */
  sendingSince?: string
  sentAt?: string
  numeroCommande?: string
  mail?: string | null
  /** The server's reason for a refused item (409 format for an order). */
  error?: string | null
  /** The HTTP status of that refusal: a 409 is shown as 'Commande invalide', any other through the
   * global error dialog (cart-orders-admin §8). Absent on rows refused before it was kept: a 409. */
  errorStatus?: number
  /** And its code (CODES_ERREUR): HORS_PORTEFEUILLE keeps the order here for export (kept-refusals). */
  errorCode?: string
  /** Tries answered in a row by the server failing (5xx, 408, 429), and the last such status:
   * past a few, the farmer is told (domain/server-trouble). */
  serverFailures?: number
  serverFailureStatus?: number
  /** The cart as it was confirmed, put back as is when the order is refused. */
  cartLines?: CartLine[]
  /** The refused order was seen by the user ('Corriger mon panier'). */
  acknowledged?: boolean
  /** A survey about an order confirmed offline: that order's outbox id. The survey waits for the
   * order, and its payload's null numeroCommande is filled from it (outbox-flusher). */
  commandeOutboxId?: string
  /** Staff acting for a member (issue 25): the member, named in the banner, at logout and in
   * "Cet appareil" (an adviser's outbox holds several members' orders). */
  pour?: MemberNamed
  /** And the server's proof of that choice at confirmation (GET /web/user/me), sent with every try
   * so the item goes to that member even if another one is chosen meanwhile. */
  preuveChoix?: string
}

/**
 * A user's unsent work, sealed when another person came to this device (issue 25): their cart
 * lines, cart headers and outbox items, encrypted (AES-GCM) with their seal key, which the device
 * then forgets. Nothing here names the user; only their next sign-in here opens it.
 */
export interface SealedRow {
  id: string
  sealedAt: string
  /** How many orders wait inside: the sign-in page says that someone's orders wait here. */
  commandes: number
  iv: string
  data: string
}

/** The signed-in user's seal key (GET /web/user/me), kept while their data is on the device. */
interface SealKeyRow {
  owner: string
  cle: string
}

/** A member's snapshot for no signal (issue 50, offline/snapshot): what GET hors-connexion answered
 * last, kept for the signed-in user who fetched it (owner) and dropped with their other copies. */
export interface SnapshotRow {
  owner: string
  numTiers: string
  /** The shape of `data` (SNAPSHOT_FORMAT): a row written by another shape is dropped unread. */
  format: number
  /** The ETag's value (HorsConnexion.version), sent back as If-None-Match. */
  version: string
  /** The server's genereLe: "Prêt hors connexion — données du …". */
  genereLe: string
  /** When the server last said this version is current (a 200 or a 304), ISO 8601. */
  checkedAt: string
  /** The snapshot itself (contract/hors-connexion), checked when it came in. */
  data: HorsConnexion
}

export interface MemberNamed {
  numTiers: string
  raisonSociale: string
}

class SiloDb extends Dexie {
  cartLines!: Table<CartLineRow, [string, string, string]>
  cartHeaders!: Table<CartHeaderRow, [string, string]>
  deliveries!: Table<DeliveryRow, [string, string, string]>
  outbox!: EntityTable<OutboxRow, 'id'>
  sealed!: EntityTable<SealedRow, 'id'>
  sealKeys!: EntityTable<SealKeyRow, 'owner'>
  snapshots!: Table<SnapshotRow, [string, string]>

  constructor() {
    super(DB_NAME)
    // Versioned schema: a later version adds stores or indexes with an upgrade that keeps every
    // cart line and outbox item (never drop a table holding them).
    this.version(1).stores({
      cartLines: '[owner+numTiers+idLigne], [owner+numTiers]',
      cartHeaders: '[owner+numTiers]',
      deliveries: '[owner+numTiers+key], [owner+numTiers]',
      outbox: 'id, status, createdAt, [owner+numTiers]',
    })
    // Issue 25: a person's unsent work sealed when another comes to the device, and the keys.
    this.version(2).stores({ sealed: 'id', sealKeys: 'owner' })
    // Issue 29: the per-article reads' copy, out of localStorage (read whole at every start).
    this.version(3).stores({ queryCopies: 'owner' })
    // Issue 50: one snapshot per member replaces the per-article reads' copy (13 MB for the largest
    // member): that copy's table goes (it holds nothing but copies of the server's answers).
    this.version(4).stores({ queryCopies: null, snapshots: '[owner+numTiers], owner' })
  }
}

/** Opened on first use, not at import: importing this module costs no IndexedDB work. */
export const db = new SiloDb()
