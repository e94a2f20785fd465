import { KeyRound, Power, PowerOff } from 'lucide-react'
import type { PersonLine, SupplierKeyInput } from '@common/person-lines'
import { ConfirmButton } from '@/components/confirm-button'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { serverMessageOf } from '@/lib/api-client'
import { showToast } from '@/lib/toast'
import { useChangePersonLine, type LineChange } from '../api/change-person-line'

const doneTitles: Record<LineChange, string> = {
  disable: 'Line disabled',
  enable: 'Line enabled',
  'reset-password': 'Password reset',
}

type LineActionsProps = { personId: string; line: PersonLine; keyInput: SupplierKeyInput }

/** Reset the line's password and disable it (each after a confirmation), or enable it again. */
export function LineActions({ personId, line, keyInput }: LineActionsProps) {
  const change = useChangePersonLine(personId)
  const run = (what: LineChange) =>
    change.mutate(
      { change: what, input: keyInput },
      {
        onSuccess: (changed) =>
          showToast(
            changed.isSynced
              ? { title: doneTitles[what] }
              : {
                  title: `${doneTitles[what]} here; the panel will follow`,
                  description: changed.panelError ?? undefined,
                  variant: 'neutral',
                },
          ),
        onError: (error) =>
          showToast({
            title: 'Failed to change the line',
            description: serverMessageOf(error),
            variant: 'destructive',
          }),
      },
    )
  const isEnabled = line.status === 'active'
  const pendingIcon = change.isPending ? <Spinner /> : null

  return (
    <div className="flex flex-wrap gap-2">
      <ConfirmButton
        title="Reset the password?"
        description="The panel gets a new password at once: the customer's apps stop playing until they have it."
        confirmLabel="Reset password"
        onConfirm={() => run('reset-password')}
      >
        <Button variant="outline" disabled={change.isPending}>
          {pendingIcon ?? <KeyRound aria-hidden />}
          Reset password
        </Button>
      </ConfirmButton>
      {isEnabled ? (
        // Set apart at the end of the row, in red: it cuts the customer off.
        <ConfirmButton
          title={`Disable the line ${line.username}?`}
          description="The customer's apps stop playing at once, on every device. You can enable the line again later."
          confirmLabel="Disable line"
          onConfirm={() => run('disable')}
        >
          <Button
            variant="outline"
            className="border-destructive/50 text-destructive hover:bg-destructive/10 hover:text-destructive sm:ml-auto"
            disabled={change.isPending}
          >
            {pendingIcon ?? <PowerOff aria-hidden />}
            Disable line
          </Button>
        </ConfirmButton>
      ) : (
        <Button
          variant="outline"
          className="sm:ml-auto"
          disabled={change.isPending}
          onClick={() => run('enable')}
        >
          {pendingIcon ?? <Power aria-hidden />}
          Enable line
        </Button>
      )}
    </div>
  )
}
