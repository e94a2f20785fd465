import { MailX } from 'lucide-react'
import { useMailStatus } from '../api/get-mail-status'

/** Says plainly that no e-mail leaves while the server has no mail server configured. */
export function MailOffNotice() {
  const status = useMailStatus()
  if (status.data?.isEmailEnabled !== false) return null
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm"
    >
      <MailX className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden />
      <p>
        <span className="font-medium">E-mail is off.</span> Set <code>SMTP_URL</code> and{' '}
        <code>MAIL_FROM</code> on the server to send messages to customers. Until then each message
        is recorded as failed, and can be resent once e-mail is on.
      </p>
    </div>
  )
}
