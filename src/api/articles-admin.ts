import { queryOptions } from '@tanstack/react-query'
import { request } from './http-client'
import {
  ARTICLES_MODIFIABLES_PATH,
  ArticleModifiable,
  articlePatchPath,
  ArticlesModifiables,
  Diagnostic,
  diagnosticPath,
} from '../contract/articles-admin'

/** The member's non-orderable articles matching the search (aborted when the text changes). */
export const nonCommandablesQueryOptions = (numTiers: string, search: string) =>
  queryOptions({
    queryKey: ['articles-modifiables', numTiers, 'non-commandables', search],
    queryFn: ({ signal }) =>
      request(ARTICLES_MODIFIABLES_PATH, ArticlesModifiables, {
        query: { numTiers, search, commandable: false },
        signal,
      }),
    staleTime: 0,
    networkMode: 'online',
  })

/** 'Articles ajoutés manuellement mais non encore commandés'. */
export const ajoutesQueryOptions = (numTiers: string) =>
  queryOptions({
    queryKey: ['articles-modifiables', numTiers, 'ajoutes'],
    queryFn: () => request(ARTICLES_MODIFIABLES_PATH, ArticlesModifiables, { query: { numTiers, commandable: true } }),
    staleTime: 0,
  })

export const setArticleCommandable = (numTiers: string, numArticle: string, artCommandable: boolean) =>
  request(articlePatchPath(numArticle), ArticleModifiable, {
    method: 'PATCH',
    query: { numTiers },
    body: { artCommandable },
  })

export const fetchDiagnostic = (numTiers: string, numArticle: string) =>
  request(diagnosticPath(numArticle), Diagnostic, { query: { numTiers } })
