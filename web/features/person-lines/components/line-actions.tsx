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

/** Disable or enable the line, and reset its password (after a confirmation). */
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
      <Button
        variant="outline"
        disabled={change.isPending}
        onClick={() => run(isEnabled ? 'disable' : 'enable')}
      >
        {pendingIcon ?? (isEnabled ? <PowerOff aria-hidden /> : <Power aria-hidden />)}
        {isEnabled ? 'Disable line' : 'Enable line'}
      </Button>
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
    </div>
  )
}
