import { Send } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import type { PreviewTemplateInput } from '@common/messages'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { fieldIssuesOf } from '@/lib/api-client'
import { resultToasts } from '@/lib/result-toasts'
import { useSendTestMessage } from '../api/send-test-message'

/** Sends the words on screen, with sample values, to an address the admin types. */
export function TestSendForm({
  input,
  isEmailEnabled,
}: {
  input: PreviewTemplateInput
  isEmailEnabled: boolean
}) {
  const [to, setTo] = useState('')
  const [error, setError] = useState<string>()
  const send = useSendTestMessage()
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    setError(undefined)
    send.mutate(
      { ...input, to },
      resultToasts({
        success: 'Test e-mail sent',
        failure: 'Failed to send the test e-mail',
        onError: (failure) => setError(fieldIssuesOf(failure, ['to']).to),
      }),
    )
  }
  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      aria-label="Send a test"
      className="flex flex-wrap items-end gap-2"
    >
      <FormField
        id="message-test-to"
        label="Send a test to"
        error={error}
        className="min-w-0 flex-1"
      >
        {(props) => (
          <Input
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={to}
            onChange={(event) => setTo(event.target.value)}
            {...props}
          />
        )}
      </FormField>
      <Button type="submit" variant="outline" disabled={!isEmailEnabled || !to || send.isPending}>
        {send.isPending ? <Spinner /> : <Send aria-hidden />}
        Send test
      </Button>
    </form>
  )
}
