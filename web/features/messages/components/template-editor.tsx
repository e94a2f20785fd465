import { zodResolver } from '@hookform/resolvers/zod'
import { RotateCcw, Save } from 'lucide-react'
import { useForm, useWatch } from 'react-hook-form'
import {
  messageKinds,
  templateText,
  type MessageKind,
  type MessageTemplate,
  type TemplateText,
  type TemplateVariable,
} from '@common/messages'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { showServerFieldErrors } from '@/lib/form-errors'
import { resultToasts } from '@/lib/result-toasts'
import { useResetMessageTemplate, useSaveMessageTemplate } from '../api/save-message-template'
import { TemplatePreview } from './template-preview'
import { TestSendForm } from './test-send-form'

type TemplateEditorProps = { template: MessageTemplate; isEmailEnabled: boolean }

/** What the server's checks ask of a variable (common/message-template.ts), beside its name. */
function variableNote(kind: MessageKind, name: TemplateVariable): string {
  const notes = [
    (messageKinds[kind].optional as readonly string[]).includes(name) && 'if known',
    (messageKinds[kind].bodyOnly as readonly string[]).includes(name) && 'body only',
  ].filter(Boolean)
  return notes.length ? ` (${notes.join(', ')})` : ''
}

/** One kind's subject and body, its variables, a live preview and a test send. */
export function TemplateEditor({ template, isEmailEnabled }: TemplateEditorProps) {
  const save = useSaveMessageTemplate()
  const reset = useResetMessageTemplate()
  const { kind } = template
  const { register, handleSubmit, formState, setError, control } = useForm<TemplateText>({
    resolver: zodResolver(templateText),
    values: { subject: template.subject, body: template.body },
  })
  const { errors, isDirty } = formState
  const [subject, body] = useWatch({ control, name: ['subject', 'body'] })

  const handleSave = handleSubmit((text) =>
    save.mutate(
      { kind, text },
      resultToasts({
        success: 'Template saved successfully',
        failure: 'Failed to save template',
        onError: (error) => showServerFieldErrors(error, setError, ['subject', 'body']),
      }),
    ),
  )
  const handleReset = () =>
    reset.mutate(
      kind,
      resultToasts({ success: 'Template reset to default', failure: 'Failed to reset template' }),
    )

  return (
    <div className="grid items-start gap-6 xl:grid-cols-2">
      <div className="grid gap-4">
        {template.problems.length > 0 && (
          <div
            role="alert"
            className="grid gap-1 rounded-md border border-destructive/50 p-3 text-sm text-destructive"
          >
            <p className="font-medium">
              The saved words break today’s rules, so the default is sent until they are fixed:
            </p>
            <ul className="list-disc pl-5">
              {template.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </div>
        )}
        <form
          onSubmit={handleSave}
          noValidate
          aria-label={`${messageKinds[kind].label} template`}
          className="grid gap-4"
        >
          <FormField id="message-subject" label="Subject" error={errors.subject?.message}>
            {(props) => <Input autoComplete="off" {...props} {...register('subject')} />}
          </FormField>
          <FormField
            id="message-body"
            label="Body"
            error={errors.body?.message}
            hint="A blank line starts a new paragraph. A variable marked “if known” goes inside {if name}…{end} with the words that need it, e.g. “URL{if deviceName}, with the steps for {deviceName}{end}.”: they are left out when it is unknown. The login, setup guide and ticket button are added below the text."
          >
            {(props) => <Textarea rows={10} {...props} {...register('body')} />}
          </FormField>
          <div className="grid gap-1.5">
            <p className="text-sm font-medium">Variables</p>
            <ul className="flex flex-wrap gap-1.5" aria-label="Variables this message may use">
              {messageKinds[kind].variables.map((name) => (
                <li key={name} className="text-xs text-muted-foreground">
                  <code className="rounded bg-muted px-1.5 py-0.5 text-foreground">{`{${name}}`}</code>
                  {variableNote(kind, name)}
                </li>
              ))}
            </ul>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={!isDirty || save.isPending}>
              {save.isPending ? <Spinner /> : <Save aria-hidden />}
              Save template
            </Button>
            {!template.isDefault && (
              <Button
                type="button"
                variant="outline"
                onClick={handleReset}
                disabled={reset.isPending}
              >
                {reset.isPending ? <Spinner /> : <RotateCcw aria-hidden />}
                Reset to default
              </Button>
            )}
          </div>
        </form>
        <TestSendForm input={{ kind, subject, body }} isEmailEnabled={isEmailEnabled} />
      </div>
      <TemplatePreview input={{ kind, subject, body }} />
    </div>
  )
}
