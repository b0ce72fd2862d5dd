// The advice's line for a regular feed names a delivery date, never an order date, and a date
// already past is awaited since then (issue 43, item 11).
import { describe, expect, it } from 'vitest'
import { adviceDetail } from '../../src/app/features/history/advice-detail'
import type { Need } from '../../src/app/ui/use-order-advice'
import { typographie } from '../../src/domain/typography'

const need = (jourBesoin: string, more: Partial<Need> = {}): Need => ({
  key: 'k',
  kind: 'regulier',
  numArticle: '410106',
  libelleArticle: 'Génisses croissance vrac',
  codeTypeArticle: 'A',
  besoin: 7.5,
  jourBesoin,
  numAdresse: 1,
  numBatiment: null,
  numExploitation: null,
  ...more,
})

describe('the regular feed advice line', () => {
  it('announces the next usual delivery when it is to come', () => {
    expect(adviceDetail(need('2026-12-02'), '2026-11-28')).toBe(
      typographie('Prochaine livraison habituelle vers le mercredi 02/12/2026 (environ 7,5 t)'),
    )
  })
  it('says a past usual delivery is awaited since then, not announced (shown on 28/11 about 11/11)', () => {
    const text = adviceDetail(need('2026-11-11'), '2026-11-28')
    expect(text).toBe(typographie('Livraison habituelle attendue depuis le mercredi 11/11/2026 (environ 7,5 t)'))
    expect(text).not.toMatch(/commande/i)
  })
  it('keeps what is already ordered first', () => {
    expect(adviceDetail(need('2026-12-16', { commande: { tonnes: 7.5, jour: '2026-12-02' } }), '2026-11-28')).toBe(
      typographie(
        'Déjà commandé : 7,5 t pour le mercredi 02/12/2026. Prochaine livraison habituelle vers le mercredi 16/12/2026 (environ 7,5 t)',
      ),
    )
  })
})
