// A member's snapshot for no signal (issue 50) as the server answers it: member 100001 of the demo
// seed, recorded from GET /web/v1/tiers/100001/hors-connexion and trimmed to two articles, one
// order, two delivery lines. Parsed with the contract, so a test's snapshot is one a device can
// really receive: a change of the contract that the fixture no longer meets fails here first.
import * as v from 'valibot'
import { HorsConnexion } from '../../src/contract/hors-connexion'
import recorded from './fixtures/hors-connexion-100001.json'

/** The recorded snapshot, with `over`'s fields in place of its own, checked against the contract. */
export function horsConnexionFixture(over: Partial<HorsConnexion> = {}): HorsConnexion {
  return v.parse(HorsConnexion, { ...recorded, ...over })
}
