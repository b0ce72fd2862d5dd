// Business parameters (cart-orders-admin §2 "Parameters page", §3 "Parameter", §5, §7), role
// COM_ALI_ADMIN_METIER.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, parametres } from '../../src/server/db/schema'
import { backends, type OpenedTestDb } from './support/databases'
import { buildTestApp, get, send, signIn } from './support/app'

const HEURE_PIVOT = '/web/v1/parametres/DEFAULT/HORAIRE_COMMANDE/HEURE_PIVOT'
const pivot = (value: unknown) => ({ categorie: 'HORAIRE_COMMANDE', code: 'HEURE_PIVOT', value })
const duration = (code: string, value: unknown) => ({
  categorie: code === 'DELAIS_HEURE_PIVOT' ? 'HORAIRE_COMMANDE' : 'DELAIS_COMMANDE',
  code,
  value,
})
const durationPath = (code: string) => `/web/v1/parametres/DEFAULT/${duration(code, '').categorie}/${code}`

type Row = { categorie: string; code: string; value: string; libelle?: string | null }
const find = (rows: Row[], code: string) => rows.find((r) => r.code === code)

describe.each(backends)('business parameters on $name', (backend) => {
  let opened: OpenedTestDb
  let t: ReturnType<typeof buildTestApp>
  let admin: string

  beforeAll(async () => {
    opened = await backend.open()
    t = buildTestApp(opened.db)
    admin = await signIn(t.app, 'admin')
  })
  afterAll(async () => opened?.close())

  it('a farmer and an adviser get 403 on every call; without a session 401', async () => {
    for (const username of ['100001', 'conseiller']) {
      const cookie = await signIn(t.app, username)
      expect((await get(t.app, '/web/v1/parametres/DEFAULT', cookie)).status).toBe(403)
      expect((await get(t.app, '/web/v1/parametres/CDEA', cookie)).status).toBe(403)
      const put = await send(t.app, 'PUT', HEURE_PIVOT, pivot('12:00:00'), cookie)
      expect(put.status).toBe(403)
      expect((await put.json()).message).toEqual(expect.any(String))
      // Even a malformed body says nothing but 403 to them.
      expect((await send(t.app, 'PUT', HEURE_PIVOT, { nope: true }, cookie)).status).toBe(403)
    }
    expect((await get(t.app, '/web/v1/parametres/DEFAULT')).status).toBe(401)
    const [row] = await opened.db
      .select()
      .from(parametres)
      .where(and(eq(parametres.jeu, 'DEFAULT'), eq(parametres.code, 'HEURE_PIVOT')))
    expect(row?.value).toBe('10:00:00')
  })

  it('the admin reads the DEFAULT and CDEA sets as seeded', async () => {
    const res = await get(t.app, '/web/v1/parametres/DEFAULT', admin)
    expect(res.status).toBe(200)
    const rows: Row[] = await res.json()
    expect(rows).toHaveLength(16)
    expect(find(rows, 'HEURE_PIVOT')).toMatchObject({
      categorie: 'HORAIRE_COMMANDE',
      value: '10:00:00',
      libelle: expect.any(String),
    })
    expect(find(rows, 'DELAIS_MAX')).toMatchObject({ categorie: 'DELAIS_COMMANDE', value: 'P1M' })
    expect(find(rows, 'BENNE_MIN')).toMatchObject({ categorie: 'MODE_CAMION_QTE', value: '25' })
    const cdea: Row[] = await (await get(t.app, '/web/v1/parametres/CDEA', admin)).json()
    expect(cdea).toEqual([
      { categorie: 'PARAMS_APPLI', code: 'DELAI_ALERTE_FERIES', value: '15', libelle: expect.any(String) },
    ])
  })

  it("HEURE_PIVOT: 422 'Valeur invalide' or 'Veuillez entrer une valeur comprise entre 0 et 23'", async () => {
    for (const value of ['', 'dix', '10h', '-1', '10:30:00', 12.5]) {
      const res = await send(t.app, 'PUT', HEURE_PIVOT, pivot(value), admin)
      expect(res.status, String(value)).toBe(422)
      expect((await res.json()).message).toBe('Valeur invalide')
    }
    for (const value of ['24', 99, '24:00:00']) {
      const res = await send(t.app, 'PUT', HEURE_PIVOT, pivot(value), admin)
      expect(res.status).toBe(422)
      expect((await res.json()).message).toBe('Veuillez entrer une valeur comprise entre 0 et 23')
    }
    const shape = await send(t.app, 'PUT', HEURE_PIVOT, pivot(null), admin)
    expect(shape.status).toBe(400)
    expect((await shape.json()).message).toContain('Valeur invalide')
  })

  it('Integer parameters: a tonnage, a delay, the mineral maximum or the holiday alert days with decimals: 422, nothing stored', async () => {
    const cases: [string, string, string][] = [
      ['DEFAULT', 'MODE_CAMION_QTE', 'VIS_MAX'],
      ['DEFAULT', 'MODE_CAMION_DELAI_LIVR', 'BENNE'],
      ['DEFAULT', 'COMMANDE_QTE', 'QTE_MAX_MINERAL'],
      ['CDEA', 'PARAMS_APPLI', 'DELAI_ALERTE_FERIES'],
    ]
    for (const [jeu, categorie, code] of cases) {
      const before: Row[] = await (await get(t.app, `/web/v1/parametres/${jeu}`, admin)).json()
      for (const value of ['2.5', '2,5', 2.5]) {
        const res = await send(
          t.app,
          'PUT',
          `/web/v1/parametres/${jeu}/${categorie}/${code}`,
          { categorie, code, value },
          admin,
        )
        expect(res.status, `${code} ${value}`).toBe(422)
        expect((await res.json()).message).toBe('Valeur invalide')
      }
      const after: Row[] = await (await get(t.app, `/web/v1/parametres/${jeu}`, admin)).json()
      expect(after).toEqual(before)
    }
  })

  it("durations: 422 'Valeur invalide' for anything but ISO-8601 in the units the form shows", async () => {
    const bad: [string, unknown][] = [
      ['ECART_DATE', ''],
      ['ECART_DATE', '5'],
      ['ECART_DATE', 'P-1D'],
      ['ECART_DATE', 'P1.5D'],
      ['ECART_DATE', 'p5d'],
      ['ECART_DATE', 'P1M'],
      ['DELAIS_MAX', 'PT1H'],
      ['DELAIS_MAX', 'P'],
      ['DELAIS_HEURE_PIVOT', 'PT'],
      ['DELAIS_HEURE_PIVOT', 'P1D'],
      ['DELAIS_ALERTE', 30],
    ]
    for (const [code, value] of bad) {
      const res = await send(t.app, 'PUT', durationPath(code), duration(code, value), admin)
      expect(res.status, `${code} ${String(value)}`).toBe(422)
      expect((await res.json()).message).toBe('Valeur invalide')
    }
    const [row] = await opened.db.select().from(parametres).where(eq(parametres.code, 'ECART_DATE'))
    expect(row?.value).toBe('P5D')
  })

  it('numbers: 422 Valeur invalide; body and path must agree (400); unknown set or parameter 404; never 500', async () => {
    const vis = await send(
      t.app,
      'PUT',
      '/web/v1/parametres/DEFAULT/MODE_CAMION_QTE/VIS_MAX',
      { categorie: 'MODE_CAMION_QTE', code: 'VIS_MAX', value: '27,5' },
      admin,
    )
    expect(vis.status).toBe(422)
    expect((await vis.json()).message).toBe('Valeur invalide')
    const mismatch = await send(t.app, 'PUT', HEURE_PIVOT, { ...pivot('11'), code: 'DELAIS_HEURE_PIVOT' }, admin)
    expect(mismatch.status).toBe(400)
    expect((await mismatch.json()).message).toMatch(/^Requête invalide/)
    expect((await send(t.app, 'PUT', HEURE_PIVOT, '{"categorie":', admin)).status).toBe(400)
    expect((await send(t.app, 'PUT', HEURE_PIVOT, [], admin)).status).toBe(400)
    expect((await send(t.app, 'PUT', HEURE_PIVOT, { ...pivot('11'), value: 'x'.repeat(500) }, admin)).status).toBe(400)
    const unknownSet = await get(t.app, '/web/v1/parametres/AUTRE', admin)
    expect(unknownSet.status).toBe(404)
    expect((await unknownSet.json()).message).toBe('Jeu de paramètres inconnu')
    expect(
      (await send(t.app, 'PUT', '/web/v1/parametres/AUTRE/HORAIRE_COMMANDE/HEURE_PIVOT', pivot('11'), admin)).status,
    ).toBe(404)
    // HEURE_PIVOT exists in DEFAULT only.
    expect(
      (await send(t.app, 'PUT', '/web/v1/parametres/CDEA/HORAIRE_COMMANDE/HEURE_PIVOT', pivot('11'), admin)).status,
    ).toBe(404)
    const unknown = await send(
      t.app,
      'PUT',
      '/web/v1/parametres/DEFAULT/HORAIRE_COMMANDE/INCONNU',
      { categorie: 'HORAIRE_COMMANDE', code: 'INCONNU', value: '1' },
      admin,
    )
    expect(unknown.status).toBe(404)
    expect((await unknown.json()).message).toBe('Paramètre inconnu')
    const weird = await send(
      t.app,
      'PUT',
      '/web/v1/parametres/DEFAULT/hor%27aire/x',
      { categorie: "hor'aire", code: 'x', value: '1' },
      admin,
    )
    expect(weird.status).toBe(400)
  })

  it('a saved value is normalised, returned by GET, recorded with who and when, audited, and applies to the order rules at once', async () => {
    const res = await send(t.app, 'PUT', HEURE_PIVOT, { ...pivot('9'), libelle: 'ignored' }, admin)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ categorie: 'HORAIRE_COMMANDE', code: 'HEURE_PIVOT', value: '09:00:00' })
    const rows: Row[] = await (await get(t.app, '/web/v1/parametres/DEFAULT', admin)).json()
    expect(find(rows, 'HEURE_PIVOT')?.value).toBe('09:00:00')
    // The label is not the admin's to change.
    expect(find(rows, 'HEURE_PIVOT')?.libelle).not.toBe('ignored')

    const delais = await send(
      t.app,
      'PUT',
      durationPath('DELAIS_HEURE_PIVOT'),
      duration('DELAIS_HEURE_PIVOT', 'PT1H15M'),
      admin,
    )
    expect(delais.status).toBe(200)
    expect((await delais.json()).value).toBe('PT1H15M')
    const max = await send(t.app, 'PUT', durationPath('DELAIS_MAX'), duration('DELAIS_MAX', 'P0M2W0D'), admin)
    expect((await max.json()).value).toBe('P2W')
    const feries = await send(
      t.app,
      'PUT',
      '/web/v1/parametres/CDEA/PARAMS_APPLI/DELAI_ALERTE_FERIES',
      { categorie: 'PARAMS_APPLI', code: 'DELAI_ALERTE_FERIES', value: 20 },
      admin,
    )
    expect(feries.status).toBe(200)
    expect((await feries.json()).value).toBe('20')

    const [row] = await opened.db
      .select()
      .from(parametres)
      .where(and(eq(parametres.jeu, 'DEFAULT'), eq(parametres.code, 'HEURE_PIVOT')))
    expect(row).toMatchObject({ value: '09:00:00', updatedBy: 'admin' })
    expect(row?.updatedAt?.toISOString()).toBe(t.clock.now().toJSDate().toISOString())
    const logged = await opened.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.username, 'admin'), eq(auditLog.action, 'parametre-modifie')))
    expect(logged.map((l) => l.details)).toContainEqual({
      cle: 'SAS-HORAIRE_COMMANDE-HEURE_PIVOT',
      avant: '10:00:00',
      apres: '09:00:00',
    })

    // The farmer's order parameters follow at once.
    const farmer = await signIn(t.app, '100001')
    const commande = await (await get(t.app, '/web/v1/referentiel/parametres-commande?numTiers=100001', farmer)).json()
    expect(commande.heurePivot).toBe('09:00:00')
    expect(commande.delaisCommande).toMatchObject({
      delaisHeurePivot: 'PT1H15M',
      delaisMax: 'P2W',
      delaiAlerteFeries: 20,
    })
  })
})
