// A valid order line of the demo farmer 100001 for the server tests' clock (TEST_NOW, Monday
// 2026-11-23 08:30 in Paris: Wednesday to Friday allowed), to adjust with `over`.
export const orderLine = (over: Record<string, unknown> = {}) => ({
  idLigne: '001',
  numArticle: '410102',
  libelleArticle: 'VL Production 22 % vrac',
  codeTypeArticle: 'A',
  codeUniteArticle: 'T',
  numAdresse: 1,
  datePrevueLivraison: '2026-11-25',
  finDatePrevueLivraison: '2026-11-27',
  matinApmidi: 'ID',
  finMatinApmidi: 'ID',
  codeModeCamion: 'VIS',
  codeTypeSilo1: '001',
  quantiteCommande: 12.5,
  supplementations: [],
  mineraux: [],
  codeReglement: 'PRE30',
  ...over,
})
