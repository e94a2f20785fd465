import { Mail } from 'lucide-react'
import { useState } from 'react'
import { messageKindNames, messageKinds, type MessageKind } from '@common/messages'
import { QueryStates } from '@/components/list-states'
import { SectionCard } from '@/components/section-card'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { useMailStatus } from '../api/get-mail-status'
import { useMessageTemplates } from '../api/get-message-templates'
import { MailOffNotice } from './mail-off-notice'
import { TemplateEditor } from './template-editor'

/** 'Customer Messages': the words of each e-mail we send, with a preview and a test send. */
export function MessageTemplatesCard() {
  const [kind, setKind] = useState<MessageKind>('line_login')
  const isEmailEnabled = useMailStatus().data?.isEmailEnabled ?? false
  return (
    <SectionCard
      title="Customer Messages"
      icon={Mail}
      description="The e-mails customers receive: their login, renewals and support answers."
    >
      <MailOffNotice />
      <div className="grid gap-2 sm:max-w-sm">
        <Label htmlFor="message-kind">Message</Label>
        <NativeSelect
          id="message-kind"
          value={kind}
          onChange={(event) => setKind(event.target.value as MessageKind)}
          aria-describedby="message-kind-hint"
        >
          {messageKindNames.map((name) => (
            <option key={name} value={name}>
              {messageKinds[name].label}
            </option>
          ))}
        </NativeSelect>
        <p id="message-kind-hint" className="text-xs text-muted-foreground">
          {messageKinds[kind].description}
        </p>
      </div>
      <QueryStates query={useMessageTemplates()} loadingLabel="Loading message templates">
        {(templates) => {
          const template = templates.find((candidate) => candidate.kind === kind)
          return template ? (
            <TemplateEditor key={kind} template={template} isEmailEnabled={isEmailEnabled} />
          ) : null
        }}
      </QueryStates>
    </SectionCard>
  )
}
