import { Package, TicketPercent } from 'lucide-react'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { DiscountsPanel } from '@/features/discounts/components/discounts-panel'
import { useAllPlans } from '@/features/plans/api/get-all-plans'
import { PlansPanel } from '@/features/plans/components/plans-panel'

/** Plans Management: the Plans and Discounts views; discounts name the plans they apply to. */
export function PlansManagementTab() {
  const plans = useAllPlans()
  const planNames = plans.data?.map((plan) => plan.name)
  return (
    <Tabs defaultValue="plans">
      <TabsList aria-label="Plans Management views">
        <TabsTrigger value="plans">
          <Package aria-hidden />
          Plans
        </TabsTrigger>
        <TabsTrigger value="discounts">
          <TicketPercent aria-hidden />
          Discounts
        </TabsTrigger>
      </TabsList>
      <TabsContent value="plans">
        <PlansPanel />
      </TabsContent>
      <TabsContent value="discounts">
        <DiscountsPanel planNames={planNames} />
      </TabsContent>
    </Tabs>
  )
}
