// spec: main.catalog — the catalog entries; entered directly it goes to the history.
import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/_main/catalog')({})
