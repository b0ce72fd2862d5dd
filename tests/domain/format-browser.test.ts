import { describe, expect, it } from 'vitest'
import { formatDate, formatDateCourte, formatEuros, formatNombre, formatTonnes } from '../../src/domain/format'
import { browserNotice, isSupportedBrowser } from '../../src/domain/browser-support'
import { errorLogoutPage } from '../../src/domain/error-logout'
import { paris } from './helpers'
import { typographie } from '../../src/domain/typography'

describe('French number and date formatting', () => {
  it("weekday dd/MM/yyyy like 'lundi 23/11/2026'", () => {
    expect(formatDate('2026-11-23')).toBe('lundi 23/11/2026')
    expect(formatDate(paris('2026-11-29T23:59'))).toBe('dimanche 29/11/2026')
    expect(formatDateCourte('2026-01-05')).toBe('05/01/2026')
    expect(formatDate('pas une date')).toBe('')
  })
  it('numbers with a space as thousands separator and comma decimals', () => {
    expect(formatNombre(1234567.5)).toBe('1 234 567,5')
    expect(formatNombre(-1234.25, 2)).toBe('-1 234,25')
    expect(formatNombre(12)).toBe('12')
    expect(formatEuros(1234.5)).toBe(typographie('1 234,50 €'))
  })
  it('tonnes with 3 decimals', () => {
    expect(formatTonnes(1234.5)).toBe(typographie('1 234,500 t'))
    expect(formatTonnes(0.0004)).toBe(typographie('0,000 t'))
  })
})

const UA = {
  chrome63:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/63.0.3239.84 Safari/537.36',
  chrome62:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/62.0.3202.94 Safari/537.36',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  safari111:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_13_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/11.1 Safari/605.1.15',
  safari110:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_13_4) AppleWebKit/604.1.38 (KHTML, like Gecko) Version/11.0 Safari/604.1.38',
  firefox67: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:67.0) Gecko/20100101 Firefox/67.0',
  firefox66: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:66.0) Gecko/20100101 Firefox/66.0',
  edge79:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.74 Safari/537.36 Edg/79.0.309.43',
  edge18:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.17763',
  opera50:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/63.0.3239.132 Safari/537.36 OPR/50.0.2762.58',
  opera49:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/62.0.3202.94 Safari/537.36 OPR/49.0.2725.64',
  samsung82:
    'Mozilla/5.0 (Linux; Android 8.0.0; SM-G950F) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/8.2 Chrome/63.0.3239.111 Mobile Safari/537.36',
  samsung80:
    'Mozilla/5.0 (Linux; Android 8.0.0; SM-G950F) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/8.0 Chrome/63.0.3239.111 Mobile Safari/537.36',
  ios113:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 11_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/11.0 Mobile/15E148 Safari/604.1',
  ios112crios:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 11_2 like Mac OS X) AppleWebKit/604.4.7 (KHTML, like Gecko) CriOS/90.0.4430.78 Mobile/15E148 Safari/604.1',
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
}

describe('the supported-browser check (Chrome 63, Safari 11.1, Firefox 67, Edge 79, Opera 50, Samsung 8.2, iOS 11.3)', () => {
  it('accepts the minimum versions and later', () => {
    for (const k of [
      'chrome63',
      'headless',
      'safari111',
      'firefox67',
      'edge79',
      'opera50',
      'samsung82',
      'ios113',
    ] as const)
      expect(isSupportedBrowser(UA[k]), k).toBe(true)
  })
  it('Cette version de votre navigateur ne permet pas un usage optimal de votre application.', () => {
    for (const k of [
      'chrome62',
      'safari110',
      'firefox66',
      'edge18',
      'opera49',
      'samsung80',
      'ios112crios',
      'ie11',
    ] as const) {
      expect(browserNotice(UA[k]), k).toBe(
        'Cette version de votre navigateur ne permet pas un usage optimal de votre application.',
      )
    }
    expect(browserNotice(UA.chrome63)).toBeNull()
    expect(browserNotice(undefined)).not.toBeNull()
  })
})

describe('error-logout causes and their texts', () => {
  it('TIERS_NON_RECONNU shows Numéro de tiers non reconnu', () => {
    expect(errorLogoutPage('TIERS_NON_RECONNU')).toEqual({
      titre: 'Accès non autorisé',
      texte: 'Numéro de tiers non reconnu',
      boutonPortail: true,
    })
  })
  it('ADHERENT_VGM tells the user to contact their adviser or regional house, and hides the portal button', () => {
    expect(errorLogoutPage('ADHERENT_VGM').boutonPortail).toBe(false)
    expect(errorLogoutPage('ADHERENT_VGM').texte).toMatch(/conseiller ou votre maison régionale/)
  })
  it('any other cause: the site will be available from February 2021', () => {
    expect(errorLogoutPage('XYZ').texte).toBe('Le site de commande sera disponible à partir de février 2021.')
    expect(errorLogoutPage(undefined).boutonPortail).toBe(true)
  })
})
