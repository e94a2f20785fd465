import { LayoutTemplate, Package, Plus } from 'lucide-react'
import { useState } from 'react'
import { SectionCard } from '@/components/section-card'
import { Button } from '@/components/ui/button'
import { newPlanForm, planFormValues } from '../plan-form'
import { PlanFormDialog, type PlanDialogState } from './plan-form-dialog'
import { PlanTemplates } from './plan-templates'
import { PlansTable } from './plans-table'

/** Plans Management's Plans view: quick templates, the plans table and the plan dialog. */
export function PlansPanel() {
  const [dialog, setDialog] = useState<PlanDialogState>(null)
  return (
    <div className="grid gap-6">
      <SectionCard
        title="Quick Templates"
        icon={LayoutTemplate}
        description="Twelve ready-made plans in USD. Pick one to open it in the plan dialog, adjust it and create it."
      >
        <PlanTemplates
          onChoose={(template) => setDialog({ mode: 'create', values: planFormValues(template) })}
        />
      </SectionCard>
      <SectionCard
        title="Plans"
        icon={Package}
        description="Active plans are shown on the public site, by sort order and then price."
        action={
          <Button onClick={() => setDialog({ mode: 'create', values: newPlanForm })}>
            <Plus aria-hidden />
            New Plan
          </Button>
        }
      >
        <PlansTable onEdit={(plan) => setDialog({ mode: 'edit', plan })} />
      </SectionCard>
      <PlanFormDialog state={dialog} onClose={() => setDialog(null)} />
    </div>
  )
}
