import { RotateCw } from 'lucide-react'
import { messageKinds, type OutboxMessage } from '@common/messages'
import { ListEmpty, QueryStates } from '@/components/list-states'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { formatDateTime } from '@/lib/format'
import { resultToasts } from '@/lib/result-toasts'
import { useMessagePreferences } from '../api/get-message-preferences'
import { usePersonMessages } from '../api/get-person-messages'
import { useResendMessage } from '../api/resend-message'
import { MailOffNotice } from './mail-off-notice'
import { MessageStatusBadge } from './message-status-badge'

function whyOf(message: OutboxMessage): string | null {
  if (!message.lastError) return null
  if (message.status === 'queued') return `Will retry: ${message.lastError}`
  return message.lastError
}

function MessageItem({ message, personId }: { message: OutboxMessage; personId: string }) {
  const resend = useResendMessage(personId)
  const label = messageKinds[message.kind]?.label ?? message.kind
  const why = whyOf(message)
  const handleResend = () =>
    resend.mutate(
      message.id,
      resultToasts({ success: 'Message queued again', failure: 'Failed to resend the message' }),
    )
  return (
    <li className="grid gap-1 px-3 py-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{label}</span>
        <MessageStatusBadge status={message.status} />
        <time
          dateTime={message.sentAt ?? message.createdAt}
          className="ml-auto text-xs text-muted-foreground"
        >
          {formatDateTime(message.sentAt ?? message.createdAt)}
        </time>
      </div>
      {message.subject && <p className="text-sm break-words">{message.subject}</p>}
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 flex-1 text-xs break-words text-muted-foreground">
          To {message.recipient}
          {message.attempts > 1 && ` · ${message.attempts} attempts`}
          {why && ` · ${why}`}
        </p>
        {message.status !== 'queued' && message.status !== 'sending' && (
          <Button
            variant="outline"
            size="sm"
            onClick={handleResend}
            disabled={resend.isPending}
            aria-label={`Resend ${label} to ${message.recipient}`}
          >
            {resend.isPending ? <Spinner /> : <RotateCw aria-hidden />}
            Resend
          </Button>
        )}
      </div>
    </li>
  )
}

/** Says so when the person unsubscribed from reminders (other messages still go). */
function RemindersStoppedNotice({ personId }: { personId: string }) {
  const stoppedAt = useMessagePreferences(personId).data?.remindersStoppedAt
  if (!stoppedAt) return null
  return (
    <p className="text-xs text-muted-foreground">
      Unsubscribed from reminders on <time dateTime={stoppedAt}>{formatDateTime(stoppedAt)}</time>.
      Logins, confirmations and support replies still go.
    </p>
  )
}

/** The messages sent (or waiting) to one person, newest first, each with a Resend. */
/** `showsMailStatus`: whether e-mail is off (GET /api/messages/status) is an admin's to read. */
export function PersonMessages({
  personId,
  showsMailStatus = true,
}: {
  personId: string
  showsMailStatus?: boolean
}) {
  return (
    <section aria-labelledby={`messages-${personId}`} className="grid gap-2">
      <h3 id={`messages-${personId}`} className="text-sm font-medium">
        Messages
      </h3>
      {showsMailStatus && <MailOffNotice />}
      <RemindersStoppedNotice personId={personId} />
      <QueryStates query={usePersonMessages(personId)} loadingLabel="Loading messages">
        {(messages) =>
          messages.length === 0 ? (
            <ListEmpty>No messages to this person yet.</ListEmpty>
          ) : (
            <ol className="grid divide-y rounded-md border text-sm">
              {messages.map((message) => (
                <MessageItem key={message.id} message={message} personId={personId} />
              ))}
            </ol>
          )
        }
      </QueryStates>
    </section>
  )
}
