import { type JeuParametres } from '../contract/limits'
import { queryOptions } from '@tanstack/react-query'
import { request } from './http-client'
import { Parametre, parametrePath, Parametres, parametresPath, type ParametreBody } from '../contract/parametres'

const fetchParametres = (jeu: JeuParametres) => request(parametresPath(jeu), Parametres)

/** An admin edits what is saved now: always asked afresh, the cached list shown meanwhile. */
export const parametresQueryOptions = (jeu: JeuParametres) =>
  queryOptions({ queryKey: ['parametres', jeu], queryFn: () => fetchParametres(jeu), staleTime: 0 })

export const saveParametre = (jeu: JeuParametres, p: ParametreBody) =>
  request(parametrePath(jeu, p.categorie, p.code), Parametre, { method: 'PUT', body: p })
