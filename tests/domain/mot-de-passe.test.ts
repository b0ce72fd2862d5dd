// The password rule (issue 48): the rules that need no estimate, then zxcvbn's verdict, given here
// by a stand-in estimator (the real one, on the server, is tested in tests/server/sign-in-links).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { indicesDuCompte, motDePasseRefuse, motsDuNom, type EstimationMotDePasse } from '../../src/domain/mot-de-passe'

const compte = { username: '200004', noms: ['Hélène Bocquet', 'GAEC DES CHÊNES'] }
const strong: EstimationMotDePasse = { score: 4, courant: false, conseil: null }
const estimating = (e: EstimationMotDePasse) => {
  const asked: string[][] = []
  return { asked, estimer: async (_: string, indices: readonly string[]) => (asked.push([...indices]), e) }
}
const reason = async (motDePasse: string, e = strong, confirmation = motDePasse) =>
  (await motDePasseRefuse(compte, motDePasse, confirmation, estimating(e).estimer))?.raison ?? null

describe('motDePasseRefuse', () => {
  it('keeps the bounds and the confirmation', async () => {
    expect(await reason('court')).toBe('Le mot de passe doit faire au moins 10 caractères.')
    expect(await reason('x'.repeat(201))).toBe('Le mot de passe doit faire au plus 200 caractères.')
    expect(await reason('prairie du haut', strong, 'prairie du bas')).toBe(
      'Les deux mots de passe ne sont pas identiques.',
    )
    expect(await reason('prairie du haut')).toBeNull()
  })

  it('refuses the identifier and the names within, whatever the case, accents and separators', async () => {
    expect(await reason('200004200004')).toBe('Le mot de passe ne doit pas contenir votre identifiant.')
    expect(await reason('mon 2-0-0-0-0-4 à moi')).toBe('Le mot de passe ne doit pas contenir votre identifiant.')
    for (const p of [
      'helene aime les vaches',
      'HÉLÈNE aime les vaches',
      'les vaches de Bocquet',
      'sous les Chênes 2026',
    ])
      expect(await reason(p), p).toBe('Le mot de passe ne doit pas contenir votre nom.')
    // Short words and legal forms are no name.
    expect(await reason('le gaec des prés verts')).toBeNull()
    expect(motsDuNom(compte.noms)).toEqual(['helene', 'bocquet', 'chenes'])
  })

  it('asks the estimate only past the simple rules, told the account’s words', async () => {
    const { asked, estimer } = estimating(strong)
    await motDePasseRefuse(compte, 'court', 'court', estimer)
    expect(asked).toEqual([])
    await motDePasseRefuse(compte, 'prairie du haut', 'prairie du haut', estimer)
    expect(asked).toEqual([indicesDuCompte(compte)])
    expect(asked[0]).toEqual(expect.arrayContaining(['200004', 'Hélène Bocquet', 'GAEC DES CHÊNES', 'bocquet']))
  })

  it('refuses a common password, then a score under 3, with advice', async () => {
    const common = await motDePasseRefuse(
      compte,
      'motdepasse1',
      'motdepasse1',
      estimating({ score: 1, courant: true, conseil: null }).estimer,
    )
    expect(common?.raison).toMatch(/^Ce mot de passe est trop courant : /)
    const weak = { score: 2, courant: false, conseil: 'Ajoutez des mots moins courants.' }
    expect(await motDePasseRefuse(compte, 'bonjour2024!', 'bonjour2024!', estimating(weak).estimer)).toEqual({
      raison: 'Mot de passe trop facile à deviner : ajoutez des mots ou des caractères.',
      conseil: 'Ajoutez des mots moins courants.',
    })
    expect(await reason('bonjour2024!', { score: 3, courant: false, conseil: null })).toBeNull()
  })

  it('never throws, whatever it is given', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.array(fc.string()), fc.string(), fc.string(), async (u, noms, p, c) => {
        const r = await motDePasseRefuse({ username: u, noms }, p, c, estimating(strong).estimer)
        expect(r === null || typeof r.raison === 'string').toBe(true)
      }),
      { numRuns: 300 },
    )
  })
})
