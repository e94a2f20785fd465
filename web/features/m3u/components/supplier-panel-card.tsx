import { RefreshCw, Server } from 'lucide-react'
import { QueryStates } from '@/components/list-states'
import { SectionCard } from '@/components/section-card'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { serverMessageOf } from '@/lib/api-client'
import { showToast } from '@/lib/toast'
import { useSupplierDrift } from '../api/get-supplier-drift'
import { useSupplierStatus } from '../api/get-supplier-status'
import { useSyncSupplier } from '../api/sync-supplier'
import { DriftList } from './drift-list'
import { SupplierStatusSummary } from './supplier-status'

/** The supplier panel in the M3U tools: credits, last sync, Sync now, and the drift to put right. */
export function SupplierPanelCard() {
  const sync = useSyncSupplier()
  const handleSync = () =>
    sync.mutate(undefined, {
      onSuccess: ({ skipped, drift }) =>
        showToast(
          skipped
            ? { title: 'A sync is already running', description: 'Its result shows here shortly.' }
            : {
                title: 'Synced with the panel',
                description:
                  drift === 0
                    ? 'The panel matches our lines.'
                    : `${drift} ${drift === 1 ? 'difference' : 'differences'} found.`,
              },
        ),
      onError: (error) =>
        showToast({
          title: 'Failed to sync with the panel',
          description: serverMessageOf(error),
          variant: 'destructive',
        }),
    })

  return (
    <SectionCard
      title="Supplier Panel"
      icon={Server}
      description="Our lines are compared with the panel every 15 minutes. Putting a difference right makes the panel hold what we hold."
      action={
        // Full width on a phone: beside the title it would squeeze the description.
        <Button
          variant="outline"
          className="w-full sm:w-auto"
          onClick={handleSync}
          disabled={sync.isPending}
        >
          {sync.isPending ? <Spinner /> : <RefreshCw aria-hidden />}
          Sync now
        </Button>
      }
    >
      <QueryStates query={useSupplierStatus()} loadingLabel="Loading the panel's status">
        {(status) => <SupplierStatusSummary status={status} />}
      </QueryStates>
      <section aria-labelledby="supplier-drift-heading" className="grid gap-2">
        <h3 id="supplier-drift-heading" className="text-sm font-medium">
          Differences with the panel
        </h3>
        <QueryStates query={useSupplierDrift()} loadingLabel="Loading the differences">
          {(page) => <DriftList drift={page.items} hasMore={page.nextCursor !== null} />}
        </QueryStates>
      </section>
    </SectionCard>
  )
}
