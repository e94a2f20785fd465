import { Send } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import type { PreviewTemplateInput } from '@common/messages'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { NativeSelect } from '@/components/ui/native-select'
import { Spinner } from '@/components/ui/spinner'
import { fieldIssuesOf } from '@/lib/api-client'
import { resultToasts } from '@/lib/result-toasts'
import { useMailStatus } from '../api/get-mail-status'
import { useSendTestMessage } from '../api/send-test-message'

/**
 * Sends the words on screen, with sample values, to one of the installation's own addresses
 * (SUPPORT_EMAIL, MAIL_FROM): the only ones the server takes, a few times an hour.
 */
export function TestSendForm({
  input,
  isEmailEnabled,
}: {
  input: PreviewTemplateInput
  isEmailEnabled: boolean
}) {
  const recipients = useMailStatus().data?.testRecipients ?? []
  const [chosen, setChosen] = useState<string>()
  const to = chosen ?? recipients[0] ?? ''
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
        hint={
          isEmailEnabled
            ? "Tests go to this installation's own addresses (SUPPORT_EMAIL and MAIL_FROM)."
            : 'E-mail is off: set SMTP_URL and MAIL_FROM to send tests.'
        }
        className="min-w-56 flex-1"
      >
        {(props) => (
          <NativeSelect
            value={to}
            onChange={(event) => setChosen(event.target.value)}
            disabled={!recipients.length}
            {...props}
          >
            {!recipients.length && <option value="">No address</option>}
            {recipients.map((address) => (
              <option key={address} value={address}>
                {address}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <Button type="submit" variant="outline" disabled={!isEmailEnabled || !to || send.isPending}>
        {send.isPending ? <Spinner /> : <Send aria-hidden />}
        Send test
      </Button>
    </form>
  )
}
