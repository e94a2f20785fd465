import { zodResolver } from '@hookform/resolvers/zod'
import { ArrowRight } from 'lucide-react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import {
  trialRequestInput,
  undecidedPlan,
  type TrialRequestInput,
  type TrialRequestReceipt,
} from '@common/trial-requests'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { Spinner } from '@/components/ui/spinner'
import { randomUuid } from '@/lib/random-uuid'
import { deliverTrialRequest } from '../api/deliver-trial-request'

type TrialRequestValues = z.output<typeof trialRequestInput>

type TrialSignupFormProps = {
  /** Names of the plans on offer; the chosen name is sent as the plan. */
  planNames: string[]
  planName: string | undefined
  /** The server's answer, or null when the submit failed (it is then retried later). */
  onSubmitted: (receipt: TrialRequestReceipt | null) => void
}

/** The trial request form, validated with the same schema as the server. */
export function TrialSignupForm({ planNames, planName, onSubmitted }: TrialSignupFormProps) {
  const { register, handleSubmit, formState } = useForm<
    TrialRequestInput,
    unknown,
    TrialRequestValues
  >({
    resolver: zodResolver(trialRequestInput),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      plan:
        planName && (planNames.includes(planName) || planName === undecidedPlan) ? planName : '',
      telegram: '',
      whatsapp: '',
    },
  })
  const { errors, isSubmitting } = formState

  // Success is shown whatever the outcome (spec); a failed submit is kept and retried.
  const handleRequest = handleSubmit(async (values) => {
    onSubmitted(await deliverTrialRequest({ ...values, clientRequestId: randomUuid() }))
  })

  return (
    <form onSubmit={handleRequest} noValidate aria-label="Trial request" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="trial-first-name" label="First Name" error={errors.firstName?.message}>
          {(props) => <Input autoComplete="given-name" {...props} {...register('firstName')} />}
        </FormField>
        <FormField id="trial-last-name" label="Last Name" error={errors.lastName?.message}>
          {(props) => <Input autoComplete="family-name" {...props} {...register('lastName')} />}
        </FormField>
      </div>
      <FormField id="trial-email" label="Email" error={errors.email?.message}>
        {(props) => <Input type="email" autoComplete="email" {...props} {...register('email')} />}
      </FormField>
      <FormField id="trial-plan" label="Plan" error={errors.plan?.message}>
        {(props) => (
          <NativeSelect {...props} {...register('plan')}>
            <option value="" disabled>
              Select a plan
            </option>
            {planNames
              .filter((name) => name !== undecidedPlan)
              .map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            {/* The plans page says "start now and choose later": this is that choice. */}
            <option value={undecidedPlan}>{undecidedPlan}</option>
          </NativeSelect>
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="trial-telegram" label="Telegram (optional)" error={errors.telegram?.message}>
          {(props) => <Input placeholder="@username" {...props} {...register('telegram')} />}
        </FormField>
        <FormField id="trial-whatsapp" label="WhatsApp (optional)" error={errors.whatsapp?.message}>
          {(props) => (
            <Input
              type="tel"
              autoComplete="tel"
              placeholder="+1 555 0100"
              {...props}
              {...register('whatsapp')}
            />
          )}
        </FormField>
      </div>
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={isSubmitting}>
        {isSubmitting ? <Spinner /> : <ArrowRight aria-hidden />}
        Request Free Trial
      </Button>
      <p className="text-center text-xs text-muted-foreground">
        No credit card required. We only use your details to send your trial access.
      </p>
    </form>
  )
}
