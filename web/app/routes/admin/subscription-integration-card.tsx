import { CheckCheck, FileText, Link2 } from 'lucide-react'
import { useState } from 'react'
import { clientInstructions, type ParsedM3uUrl } from '@common/m3u'
import type { Plan } from '@common/plans'
import type { TrialRequest } from '@common/trial-requests'
import { SectionCard } from '@/components/section-card'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { ClientInstructions } from '@/features/m3u/components/client-instructions'
import { TrialRequestPicker } from '@/features/m3u/components/trial-request-picker'
import { usePlans } from '@/features/plans/api/get-plans'
import {
  noContactFilters,
  useTrialRequests,
} from '@/features/trial-requests/api/get-trial-requests'
import { useUpdateTrialRequestStatus } from '@/features/trial-requests/api/update-trial-request-status'
import {
  subscriptionStatusLabels,
  SubscriptionStatusBadge,
} from '@/features/trial-requests/components/subscription-status-badge'
import { resultToasts } from '@/lib/result-toasts'
import { site } from '@/lib/site-config'
import { useDebouncedValue } from '@/lib/use-debounced-value'

type Instructions = { text: string; line: ParsedM3uUrl }

/** The screens of the person's plan; null (no number claimed) for a name no plan on sale has. */
function screensOfPlan(plans: Plan[], planName: string): number | null {
  const name = planName.trim().toLowerCase()
  return plans.find((plan) => plan.name.toLowerCase() === name)?.maxConnections ?? null
}

/** "Active on Starter Quarterly, follow-up Pending": the subscription first, then our follow-up. */
function standing(request: TrialRequest): string {
  const plan = request.paidPlan ? ` on ${request.paidPlan}` : ''
  return `${subscriptionStatusLabels[request.subscriptionStatus]}${plan}, follow-up ${request.status}`
}

/** Subscription integration: a trial request and a parsed line make the client instructions. */
export function SubscriptionIntegrationCard({ lines }: { lines: ParsedM3uUrl[] }) {
  const [search, setSearch] = useState('')
  const q = useDebouncedValue(search)
  const requests = useTrialRequests({ ...noContactFilters, q }, undefined)
  const [request, setRequest] = useState<TrialRequest | null>(null)
  const [lineIndex, setLineIndex] = useState(0)
  const [instructions, setInstructions] = useState<Instructions | null>(null)
  const markProcessed = useUpdateTrialRequestStatus()
  const plans = usePlans()
  const line = lines[lineIndex] ?? lines[0]

  const handleGenerate = () => {
    if (!line) return
    const customerName = request?.firstName
    setInstructions({
      text: clientInstructions(line, {
        brandName: site.brandName,
        customerName,
        screens: request ? screensOfPlan(plans.data ?? [], request.paidPlan ?? request.plan) : null,
      }),
      line,
    })
  }
  const handleMarkProcessed = () => {
    if (!request) return
    markProcessed.mutate(
      { id: request.id, status: 'Processed' },
      resultToasts<TrialRequest>({
        success: 'Trial request marked as processed',
        failure: 'Failed to update trial request status',
        onSuccess: setRequest,
      }),
    )
  }

  return (
    <SectionCard
      title="Subscription Integration"
      icon={Link2}
      description="Choose a trial request and a parsed line, generate the instructions to send, then mark the request processed."
    >
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <TrialRequestPicker
          search={search}
          onSearchChange={setSearch}
          requests={requests.data?.items}
          isError={requests.isError}
          onRetry={() => void requests.refetch()}
          selectedId={request?.id ?? null}
          onSelect={setRequest}
          renderState={(request) => <SubscriptionStatusBadge status={request.subscriptionStatus} />}
        />
        <div className="grid min-w-0 content-start gap-4">
          <div className="grid gap-2">
            <Label htmlFor="integration-line">M3U line</Label>
            <NativeSelect
              id="integration-line"
              value={lines.length ? String(lineIndex) : ''}
              onChange={(event) => setLineIndex(Number(event.target.value))}
              disabled={lines.length === 0}
            >
              {lines.length === 0 && <option value="">Parse M3U URLs above first</option>}
              {lines.map((parsed, index) => (
                <option key={index} value={index}>
                  {parsed.username} · {parsed.host}
                </option>
              ))}
            </NativeSelect>
          </div>
          <p className="text-sm text-muted-foreground">
            {request
              ? `For ${request.name} (${request.email}): ${standing(request)}.`
              : 'No trial request chosen: the instructions will not name anyone.'}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={handleGenerate} disabled={!line}>
              <FileText aria-hidden />
              Generate instructions
            </Button>
            <Button
              variant="outline"
              onClick={handleMarkProcessed}
              disabled={!request || request.status === 'Processed' || markProcessed.isPending}
            >
              <CheckCheck aria-hidden />
              Mark processed
            </Button>
          </div>
        </div>
      </div>
      {instructions && <ClientInstructions text={instructions.text} line={instructions.line} />}
    </SectionCard>
  )
}
