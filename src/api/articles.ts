import { queryOptions } from '@tanstack/react-query'
import { request } from './http-client'
import { fromSnapshotOr, serverOrSnapshot } from './hors-connexion'
import { contraintesLivraisonDe, minerauxDe, supplementationsDe, validationAdresseDe } from '../domain/hors-connexion'
import {
  ARTICLES_PATH,
  Articles,
  ContraintesLivraison,
  contraintesLivraisonPath,
  Mineraux,
  minerauxPath,
  Supplementations,
  supplementationsPath,
  ValidationAdresse,
  validationAdressePath,
} from '../contract/articles'

/** The articles with this customer's orderable flag. Without network, the member's snapshot's (the
 * device's query copy leaves this list to it: the largest member's is 900 KB). */
export const articlesQueryOptions = (numTiers: string) =>
  queryOptions({
    queryKey: ['articles', numTiers],
    queryFn: () =>
      serverOrSnapshot(
        numTiers,
        () => request(ARTICLES_PATH, Articles, { query: { commandablesByTiers: numTiers } }),
        (s) => s.articles,
      ),
    staleTime: 10 * 60_000,
  })

export const supplementationsQueryOptions = (type: string, num: string, numTiers: string) =>
  queryOptions({
    queryKey: ['supplementations', type, num, numTiers],
    queryFn: () =>
      fromSnapshotOr(
        numTiers,
        (s) => supplementationsDe(s.tables, num),
        () => request(supplementationsPath(type, num), Supplementations, { query: { numTiers } }),
      ),
    staleTime: 10 * 60_000,
  })

export const minerauxQueryOptions = (type: string, num: string, numTiers: string) =>
  queryOptions({
    queryKey: ['mineraux', type, num, numTiers],
    queryFn: () =>
      fromSnapshotOr(
        numTiers,
        (s) => minerauxDe(s.tables, num),
        () => request(minerauxPath(type, num), Mineraux, { query: { numTiers } }),
      ),
    staleTime: 10 * 60_000,
  })

export const contraintesLivraisonQueryOptions = (type: string, num: string, numTiers: string, numAdr: number) =>
  queryOptions({
    queryKey: ['contraintes-livraison', type, num, numTiers, numAdr],
    queryFn: () =>
      fromSnapshotOr(
        numTiers,
        (s) => contraintesLivraisonDe(s.tables, num, numAdr),
        () => request(contraintesLivraisonPath(type, num), ContraintesLivraison, { query: { numTiers, numAdr } }),
      ),
    staleTime: 10 * 60_000,
  })

/** Cached 600 s (ordering-area §9); offline the check waits for the network. */
export const validationAdresseQueryOptions = (num: string, numTiers: string, numAdresse: number) =>
  queryOptions({
    queryKey: ['validation-adresse', num, numTiers, numAdresse],
    queryFn: () =>
      fromSnapshotOr(
        numTiers,
        (s) => validationAdresseDe(s.tables, num, numAdresse),
        () => request(validationAdressePath(num, numTiers, numAdresse), ValidationAdresse),
      ),
    staleTime: 600_000,
  })
