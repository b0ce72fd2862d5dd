// The synthetic cooperative's articles and what goes with them: supplementations, minerals,
// quantity constraints, ~50 orderable articles per member (1,000,000 rows for 20,000 members),
// delivery constraints and incompatibilities at a few addresses.
import * as a from '../../../contract/import/kinds-articles'
import { distinctPicks, type Catalog } from './catalog'
import { writeFile } from './csv-writer'
import { rngFor, type CooperativeOptions, type Member } from './options'

/** The articles a member may order (its species' feeds, a few minerals): the history orders among them. */
export function orderableOf(o: CooperativeOptions, cat: Catalog, mb: Member): string[] {
  const rng = rngFor(o, 20_000 + mb.index)
  const minerals = Math.min(3, cat.minerals.length)
  return [
    ...distinctPicks(cat.bySpecies[mb.species], o.autorisesParMembre - minerals, rng.next),
    ...distinctPicks(cat.minerals, minerals, rng.next),
  ]
}

export async function writeArticles(folder: string, o: CooperativeOptions, cat: Catalog, all: Member[]) {
  const rng = rngFor(o, 4)
  const feeds = cat.all.filter((x) => x.codeTypeArticle === 'A')
  const counts = await Promise.all([
    writeFile(
      folder,
      a.articles,
      cat.all.map((x) => [
        x.numArticle,
        x.libelle,
        x.codeTypeArticle === 'S' ? x.libelle : null,
        x.codeTypeArticle,
        x.codeSousTypeArticle,
        x.typeAliment,
        x.codeDepartement,
        x.codeFamille,
        x.codeCategorie,
        x.codePresentation,
        x.codeFiliere,
        'T',
        x.commandableParDefaut,
      ]),
    ),
    writeFile(
      folder,
      a.contraintesArticles,
      feeds.filter((_, i) => i % 5 === 0).map((x) => [x.numArticle, x.codePresentation === 'SAC' ? 0.5 : 2, 29, 15]),
    ),
    writeFile(
      folder,
      a.supplements,
      feeds.flatMap((x) =>
        x.species === 'volailles'
          ? []
          : distinctPicks(cat.supplements, rng.int(0, 3), rng.next).map((s) => [
              x.numArticle,
              s.numArticle,
              s.codeSousTypeArticle === 'AA' ? 'AA' : `G${s.numArticle.slice(-1)}`,
            ]),
      ),
    ),
    writeFile(
      folder,
      a.mineraux,
      feeds.flatMap((x) =>
        x.species === 'bovins'
          ? distinctPicks(cat.minerals, rng.int(0, 3), rng.next).map((mi) => [x.numArticle, mi])
          : [],
      ),
    ),
    writeFile(folder, a.articlesAutorises, orderable(o, cat, all)),
    writeFile(folder, a.contraintesLivraison, constraints(o, cat, all)),
    writeFile(
      folder,
      a.incompatibilites,
      all
        .filter((mb) => mb.adresses > 1 && mb.index % 40 === 0 && cat.minerals.length > 0)
        .map((mb) => [cat.minerals[0]!, mb.numTiers, 2, 'Site sous cahier des charges agriculture biologique']),
    ),
  ])
  return counts.reduce((x, y) => x + y, 0)
}

function* orderable(o: CooperativeOptions, cat: Catalog, all: Member[]) {
  for (const mb of all) {
    const rng = rngFor(o, 30_000 + mb.index)
    for (const numArticle of orderableOf(o, cat, mb)) yield [mb.numTiers, numArticle, rng.chance(0.93)]
  }
}

function* constraints(o: CooperativeOptions, cat: Catalog, all: Member[]) {
  const rng = rngFor(o, 5)
  for (const mb of all) {
    if (!rng.chance(0.1)) continue
    const picks = distinctPicks(orderableOf(o, cat, mb), 2, rng.next)
    for (const numArticle of picks) {
      yield [
        numArticle,
        mb.numTiers,
        1,
        rng.int(1, 4),
        true,
        rng.chance(0.7),
        true,
        rng.chance(0.7),
        true,
        false,
        false,
      ]
    }
  }
}
