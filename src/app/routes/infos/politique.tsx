// spec: main.infos.politiqueConfidentialite — Politique de confidentialité.
import { createFileRoute } from '@tanstack/react-router'
import { PrivacyPolicyPage } from '../../features/legal/privacy-policy'

export const Route = createFileRoute('/infos/politique')({
  staticData: { title: 'Politique de confidentialité' },
  component: PrivacyPolicyPage,
})
