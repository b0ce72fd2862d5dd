import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { headerComment, prepareLine, prepareOrder } from '../../src/domain/submission'
import { conflictLines, formatConflictMessage, parseConflictMessage } from '../../src/domain/conflict'
import { errorDialog, httpStatusLabel } from '../../src/domain/http-status'

describe('submission preparation', () => {
  it("a line with the mixing flag gets the comment 'MELANGER AU DECHARGEMENT'", () => {
    expect(prepareLine({ idLigne: '001', melangeDechargement: true }).commentaire).toBe('MELANGER AU DECHARGEMENT')
  })
  it("a storage place starting with '997:' adds its text to the comment and becomes 997; comments joined with '; '", () => {
    const line = prepareLine({
      idLigne: '001',
      commentaire: 'Portail bleu',
      melangeDechargement: true,
      codeTypeSilo1: 'S1',
      codeTypeSilo2: '997:Hangar nord',
      datesInvalides: false,
    })
    expect(line).toEqual({
      idLigne: '001',
      numArticle: '',
      commentaire: 'Portail bleu; MELANGER AU DECHARGEMENT; Hangar nord',
      melangeDechargement: true,
      codeTypeSilo1: 'S1',
      codeTypeSilo2: '997',
    })
  })
  it("the header comment is the checked predefined labels plus the free text, free text last, joined with ', '", () => {
    expect(
      headerComment({ libre: 'Appeler avant', 'Chemin étroit': true, Chien: false, 'Silo en hauteur': true }),
    ).toBe('Chemin étroit, Silo en hauteur, Appeler avant')
    expect(headerComment({ libre: '  ' })).toBe('')
  })
  // A line always names its article when sent (the contract's LigneCommandePayload): '' when the
  // cart line had none, which the server refuses.
  it('order submission: numTiers and commande {commentaire, lignes}', () => {
    expect(prepareOrder('100001', [{ idLigne: '001' }], { A: true })).toEqual({
      numTiers: '100001',
      commande: { commentaire: 'A', lignes: [{ idLigne: '001', numArticle: '', commentaire: null }] },
    })
  })
})

describe('409: Commande invalide', () => {
  const message =
    'DATE:[M,12345,Aliment vache laitière, 18%]:Délai de livraison trop court;QTE:[M,678,Minéral]:Quantité: trop grande'
  it("parsing a 409 message into 'Article : {label} : {reason}' lines", () => {
    expect(parseConflictMessage(message)).toEqual([
      {
        name: 'DATE',
        letter: 'M',
        number: '12345',
        label: 'Aliment vache laitière, 18%',
        reason: 'Délai de livraison trop court',
      },
      { name: 'QTE', letter: 'M', number: '678', label: 'Minéral', reason: 'Quantité: trop grande' },
    ])
    expect(conflictLines(message)).toEqual([
      'Article : Aliment vache laitière, 18% : Délai de livraison trop court',
      'Article : Minéral : Quantité: trop grande',
    ])
    expect(conflictLines('pas au format')).toEqual([])
  })
  it('formatting such a message, the inverse', () => {
    const field = fc.string({ maxLength: 12 }).map((s) => s.trim())
    const safe = (forbidden: RegExp) => field.map((s) => s.replace(forbidden, '').trim())
    const entry = fc.record({
      name: safe(/[;:[\],\s]/g),
      letter: safe(/[;:[\],]/g),
      number: safe(/[;:[\],]/g),
      label: safe(/[;\]]/g),
      reason: safe(/;/g),
    })
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 5 }), (entries) => {
        expect(parseConflictMessage(formatConflictMessage(entries))).toEqual(entries)
      }),
    )
    expect(formatConflictMessage([{ name: 'X', letter: 'M', number: '1', label: 'a]b', reason: 'c;d' }])).toBe(
      'X:[M,1,a b]:c d',
    )
  })
})

describe('HTTP status labels of the global error dialog', () => {
  it('labels every listed status', () => {
    expect([400, 401, 403, 404, 409, 500, 501, 502, 503, 504, 999].map((s) => httpStatusLabel(s))).toEqual([
      'Requête invalide',
      'Non autorisé. Authentification requise',
      'Non autorisé',
      'Resource inexistante',
      'Données envoyées invalides',
      'Erreur technique du serveur',
      'Non implémenté',
      'Erreur passerelle',
      'service non disponible',
      "Temps d'attente écoulé",
      'Erreur inconue',
    ])
  })
  it("any other status: 'Erreur inconue : ' plus the status text", () => {
    expect(httpStatusLabel(418, "I'm a teapot")).toBe("Erreur inconue : I'm a teapot")
  })
  it("the dialog: 'Erreur', the status plus its label, 'Raison : ' and the server's message, 'Fermer'", () => {
    expect(errorDialog(404, 'Not Found', 'Article inconnu')).toEqual({
      titre: 'Erreur',
      statut: '404 Resource inexistante',
      raison: 'Raison : Article inconnu',
      fermer: 'Fermer',
    })
    expect(errorDialog(500).raison).toBeNull()
  })
})
