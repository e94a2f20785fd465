import { CreditCard } from 'lucide-react'
import { ComingSoon } from '@/components/coming-soon'

/** Stands where the plans list goes, on the home page and on /plans. */
export function PlansSectionPlaceholder() {
  return (
    <>
      <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-muted-foreground">
        Every plan includes a 24-hour free trial. Cancel anytime.
      </p>
      <ComingSoon icon={CreditCard} title="Plans are on their way" className="mt-10">
        Our subscription plans will be listed here in a coming release.
      </ComingSoon>
    </>
  )
}
