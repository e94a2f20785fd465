import { Sparkles } from 'lucide-react'
import { StartTrialButton } from '@/components/start-trial-button'
import { useIsSignedInCustomer } from '@/lib/signed-in-customer'
import { cn } from '@/lib/utils'

type TrialCallToActionProps = { title: string; description: string; className?: string }

/**
 * An in-page invitation to the free trial, closing the plans page and the blog; not shown to a
 * signed-in customer, who has had theirs.
 */
export function TrialCallToAction({ title, description, className }: TrialCallToActionProps) {
  if (useIsSignedInCustomer()) return null
  return (
    <section
      aria-label="Free trial"
      className={cn(
        'relative overflow-hidden rounded-2xl border bg-card p-8 text-center shadow-sm sm:p-12',
        className,
      )}
    >
      <div
        aria-hidden
        className="absolute inset-0 -z-0 bg-[radial-gradient(40rem_16rem_at_50%_0%,color-mix(in_oklch,var(--primary)_14%,transparent),transparent)]"
      />
      <div className="relative flex flex-col items-center gap-4">
        <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Sparkles className="size-6" aria-hidden />
        </span>
        <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h2>
        <p className="max-w-xl text-muted-foreground">{description}</p>
        <StartTrialButton size="lg" className="mt-2">
          Start Free Trial
        </StartTrialButton>
      </div>
    </section>
  )
}
