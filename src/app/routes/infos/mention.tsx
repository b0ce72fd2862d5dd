// spec: main.infos.mention — Mentions légales.
import { createFileRoute } from '@tanstack/react-router'
import { LegalNoticePage } from '../../features/legal/legal-notice'

export const Route = createFileRoute('/infos/mention')({
  staticData: { title: 'Mentions légales' },
  component: LegalNoticePage,
})
