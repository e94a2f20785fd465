import { trialRequestStages, type TrialRequest } from '@common/trial-requests'
import { Badge } from '@/components/ui/badge'
import { NativeSelect } from '@/components/ui/native-select'
import { cn } from '@/lib/utils'
import {
  useUpdateTrialRequestStatus,
  type TrialRequestStage,
} from '../api/update-trial-request-status'

export const isFollowUpStage = (value: string): value is TrialRequestStage =>
  (trialRequestStages as readonly string[]).includes(value)

const stageClassNames: Record<TrialRequestStage, string> = {
  Pending:
    'border-transparent bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
  Contacted: 'border-transparent bg-sky-100 text-sky-900 dark:bg-sky-400/15 dark:text-sky-200',
  Processed:
    'border-transparent bg-emerald-100 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200',
  Rejected: 'text-muted-foreground',
}

/** Where the follow-up stands: Pending, Contacted, Processed or Rejected. */
export function FollowUpStageBadge({ stage }: { stage: string }) {
  return (
    <Badge variant="outline" className={cn(isFollowUpStage(stage) && stageClassNames[stage])}>
      {stage}
    </Badge>
  )
}

type FollowUpStageSelectProps = { request: TrialRequest; id?: string; className?: string }

/** The follow-up stage, changed in place (the toast says whether it was saved). */
export function FollowUpStageSelect({ request, id, className }: FollowUpStageSelectProps) {
  const updateStatus = useUpdateTrialRequestStatus()
  const stage = updateStatus.isPending ? updateStatus.variables.status : request.status
  return (
    <NativeSelect
      id={id}
      aria-label={id ? undefined : `Follow-up stage of ${request.name}`}
      value={stage}
      disabled={updateStatus.isPending}
      className={className}
      onChange={(event) => {
        const value = event.target.value
        if (isFollowUpStage(value) && value !== request.status) {
          updateStatus.mutate({ id: request.id, status: value })
        }
      }}
    >
      {trialRequestStages.map((value) => (
        <option key={value} value={value}>
          {value}
        </option>
      ))}
    </NativeSelect>
  )
}
