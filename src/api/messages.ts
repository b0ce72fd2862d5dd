import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { request } from './http-client'
import { Message, messagePath, Messages, MESSAGES_PATH, type MessageBody } from '../contract/messages'

const fetchMessages = () => request(MESSAGES_PATH, Messages)

/** An admin edits what is saved now: always asked afresh, the cached list shown meanwhile. */
export const messagesQueryOptions = () => queryOptions({ queryKey: ['messages'], queryFn: fetchMessages, staleTime: 0 })

/** The server's answer carries the new message's id. */
export const createMessage = (m: MessageBody) => request(MESSAGES_PATH, Message, { method: 'POST', body: m })

export const updateMessage = (id: number, m: MessageBody) =>
  request(messagePath(id), Message, { method: 'PUT', body: { ...m, id } })

export const deleteMessage = (id: number) => request(messagePath(id), v.nullish(v.unknown()), { method: 'DELETE' })
