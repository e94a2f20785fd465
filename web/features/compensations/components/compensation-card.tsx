import { zodResolver } from '@hookform/resolvers/zod'
import { CalendarPlus } from 'lucide-react'
import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { z } from 'zod'
import { compensationInput } from '@common/compensations'
import { QueryStates } from '@/components/list-states'
import { SectionCard } from '@/components/section-card'
import { SwitchField } from '@/components/switch-field'
import { WholeNumberField } from '@/components/whole-number-field'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { resultToasts } from '@/lib/result-toasts'
import { useCompensations, useStartCompensation } from '../api/compensations'
import { CompensationProgressItem } from './compensation-progress'

// The browser's date and time field has no zone: it is the admin's local time, sent as ISO.
const form = compensationInput.omit({ activeAt: true, requestId: true }).extend({
  activeAt: z.string().min(1, 'Choose when the subscriptions were active'),
})
type FormValues = z.input<typeof form>

/** "2026-11-28T14:30" in the browser's time zone, for the field's first value. */
function localNow() {
  const now = new Date()
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
}

/** Days for every paid subscription active at a moment, after a service outage; and progress. */
export function CompensationCard() {
  const start = useStartCompensation()
  // One id per submission: a retry or a second click extends nothing twice.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID())
  const { register, handleSubmit, control, formState, reset } = useForm<
    FormValues,
    unknown,
    z.output<typeof form>
  >({
    resolver: zodResolver(form),
    defaultValues: { days: 1, activeAt: localNow(), note: '', notify: true },
  })
  const { errors } = formState
  const handleStart = handleSubmit((values) =>
    start.mutate(
      { ...values, activeAt: new Date(values.activeAt).toISOString(), requestId },
      resultToasts({
        success: 'Adding days to active subscriptions',
        failure: 'Failed to add days',
        onSuccess: () => {
          setRequestId(crypto.randomUUID())
          reset({ days: 1, activeAt: localNow(), note: '', notify: true })
        },
      }),
    ),
  )

  return (
    <SectionCard
      title="Compensation days"
      icon={CalendarPlus}
      description="After an outage, add days to every paid subscription that was active at a moment: our end date and the panel's expiry move together, a few lines a second."
    >
      <form className="grid gap-4" onSubmit={handleStart} noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <WholeNumberField
            id="compensation-days"
            label="Days to add"
            hint="From 1 to 30."
            error={errors.days?.message}
            min={1}
            max={30}
            registration={register('days', { valueAsNumber: true })}
          />
          <FormField
            id="compensation-active-at"
            label="Active at"
            hint="Subscriptions active at this moment (your local time) get the days."
            error={errors.activeAt?.message}
          >
            {(props) => <Input type="datetime-local" {...props} {...register('activeAt')} />}
          </FormField>
        </div>
        <FormField id="compensation-note" label="Note" error={errors.note?.message}>
          {(props) => <Textarea rows={2} {...props} {...register('note')} />}
        </FormField>
        <Controller
          control={control}
          name="notify"
          render={({ field: { value, onChange } }) => (
            <SwitchField
              id="compensation-notify"
              label="Tell each customer"
              description="One message with the days added and the new end date."
              checked={value}
              onCheckedChange={onChange}
            />
          )}
        />
        <Button
          type="submit"
          className="w-full sm:w-auto sm:justify-self-start"
          disabled={start.isPending}
        >
          {start.isPending && <Spinner />}
          Add days
        </Button>
      </form>
      <section aria-labelledby="compensations-heading" className="grid gap-2">
        <h3 id="compensations-heading" className="text-sm font-medium">
          Recent compensations
        </h3>
        <QueryStates query={useCompensations()} loadingLabel="Loading compensations">
          {(items) =>
            items.length === 0 ? (
              <p className="text-sm text-muted-foreground">None yet.</p>
            ) : (
              <ul className="grid gap-2">
                {items.map((item) => (
                  <CompensationProgressItem key={item.id} item={item} />
                ))}
              </ul>
            )
          }
        </QueryStates>
      </section>
    </SectionCard>
  )
}
