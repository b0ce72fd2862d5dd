import * as v from 'valibot'
import { request } from './http-client'
import { SESSION_PATHS } from './contract/session'

export const logout = () => request(SESSION_PATHS.logout, v.unknown(), { method: 'POST' })
