import * as v from 'valibot'
import { request } from './http-client'
import { SESSION_PATHS, SessionInfo } from './contract/session'

export const login = (username: string, password: string) =>
  request(SESSION_PATHS.login, SessionInfo, { method: 'POST', body: { username, password } })

export const logout = () => request(SESSION_PATHS.logout, v.unknown(), { method: 'POST' })
