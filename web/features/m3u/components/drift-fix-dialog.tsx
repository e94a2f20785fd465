import { Wrench } from 'lucide-react'
import { useId, useState } from 'react'
import {
  driftKindLabels,
  panelKeepableKinds,
  type DriftKeep,
  type PanelLineState,
  type SupplierDrift,
} from '@common/person-lines'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { formatDateTime } from '@/lib/format'

/** A line's state in words: "Enabled, expires 23 Feb 2027, 10:00". */
export function describeLineState(state: PanelLineState | null): string {
  if (!state) return 'No such line'
  const expiry = state.expiresAt ? `expires ${formatDateTime(state.expiresAt)}` : 'no expiry'
  return `${state.isEnabled ? 'Enabled' : 'Disabled'}, ${expiry}`
}

/** Where each side ends up when `keep` is chosen: the side kept stays, the other takes it on. */
function outcomeOf(drift: SupplierDrift, keep: DriftKeep) {
  const kept = keep === 'ours' ? drift.ours : drift.panel
  // Ours on a line the panel does not know is disabled there; a lost line is made again.
  const panelAfter =
    drift.kind === 'unknown_on_panel' ? { ...drift.panel!, isEnabled: false } : kept
  return [
    { side: 'Ours', before: drift.ours, after: drift.ours ? kept : null },
    { side: 'Panel', before: drift.panel, after: panelAfter },
  ]
}

type DriftFixDialogProps = {
  drift: SupplierDrift
  who: string
  isPending: boolean
  onConfirm: (keep: DriftKeep) => void
}

/**
 * "Put right…": asks which side to keep (the panel's only where it holds the line too), shows
 * both sides before and after, and acts only on Confirm.
 */
export function DriftFixDialog({ drift, who, isPending, onConfirm }: DriftFixDialogProps) {
  const [keep, setKeep] = useState<DriftKeep>('ours')
  const name = useId()
  const label = driftKindLabels[drift.kind]
  const canKeepPanel = panelKeepableKinds.includes(drift.kind)
  const choices: { value: DriftKeep; text: string; hint: string }[] = [
    { value: 'ours', text: 'Keep ours', hint: 'The panel is changed to match our line.' },
    ...(canKeepPanel
      ? [
          {
            value: 'panel' as const,
            text: "Keep the panel's",
            hint:
              drift.kind === 'expiry'
                ? "Our line takes the panel's expiry; a paid subscription now ends then too."
                : "Our line takes the panel's state; nothing is sent to the panel.",
          },
        ]
      : []),
  ]
  return (
    <AlertDialog onOpenChange={(open) => open && setKeep('ours')}>
      <AlertDialogTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          className="w-fit"
          disabled={isPending}
          aria-label={`Put right: ${label}, ${who}`}
        >
          {isPending ? <Spinner /> : <Wrench aria-hidden />}
          Put right…
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{`Put right: ${label}`}</AlertDialogTitle>
          <AlertDialogDescription>{`${who}: choose which side to keep.`}</AlertDialogDescription>
        </AlertDialogHeader>
        <fieldset className="grid gap-2">
          <legend className="sr-only">Which side to keep</legend>
          {choices.map((choice) => (
            <label
              key={choice.value}
              className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:checked]:border-primary"
            >
              <input
                type="radio"
                name={name}
                value={choice.value}
                checked={keep === choice.value}
                onChange={() => setKeep(choice.value)}
                className="mt-1 accent-primary"
              />
              <span className="grid gap-0.5">
                <span className="text-sm font-medium">{choice.text}</span>
                <span className="text-xs text-muted-foreground">{choice.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <table className="w-full text-left text-xs">
          <caption className="sr-only">Before and after</caption>
          <thead className="text-muted-foreground">
            <tr>
              <th scope="col" className="py-1 pr-2 font-medium">
                <span className="sr-only">Side</span>
              </th>
              <th scope="col" className="py-1 pr-2 font-medium">
                Before
              </th>
              <th scope="col" className="py-1 font-medium">
                After
              </th>
            </tr>
          </thead>
          <tbody>
            {outcomeOf(drift, keep).map((row) => (
              <tr key={row.side} className="border-t align-top">
                <th scope="row" className="py-1 pr-2 font-medium">
                  {row.side}
                </th>
                <td className="py-1 pr-2">{describeLineState(row.before)}</td>
                <td className="py-1">{describeLineState(row.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={() => onConfirm(keep)}>Confirm</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
