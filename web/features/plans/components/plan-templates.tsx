import { planPriceLabel, planTemplates, type PlanValues } from '@common/plans'
import { formatMoney } from '@/lib/format'

/** The 12 quick templates; choosing one opens the create dialog filled in with it. */
export function PlanTemplates({ onChoose }: { onChoose: (template: PlanValues) => void }) {
  return (
    <ul className="grid grid-cols-2 gap-2 lg:grid-cols-4">
      {planTemplates.map((template) => (
        <li key={template.name}>
          <button
            type="button"
            onClick={() => onChoose(template)}
            className="grid h-full w-full cursor-pointer gap-0.5 rounded-lg border bg-background p-3 text-left text-sm transition-colors outline-none hover:border-primary/60 hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60"
          >
            <span className="font-semibold">{template.name}</span>
            {/* "Starter - $9.99/month" without the name repeated. */}
            <span className="font-medium text-primary">
              {planPriceLabel(template).slice(template.name.length + 3)}
            </span>
            <span className="text-xs text-muted-foreground">{template.description}</span>
            <span className="text-xs text-muted-foreground">
              Cost {formatMoney(template.costPerMonth)}/month
            </span>
          </button>
        </li>
      ))}
    </ul>
  )
}
