import { AlertTriangle } from 'lucide-react'

/** A form's error that belongs to no one field (a refusal, a lost connection), read out at once. */
export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
      {message}
    </p>
  )
}
