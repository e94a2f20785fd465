import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import {
  supportAgentName,
  updateAgentProfileInput,
  type AgentProfile,
  type UpdateAgentProfileInput,
} from '@common/support'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { resultToasts } from '@/lib/result-toasts'
import { useUpdateAgentProfile } from '../api/update-agent-profile'

type AgentNameOutput = z.output<typeof updateAgentProfileInput>

/** The name this admin's replies are signed with; empty signs them as the Support Agent. */
export function AgentNameForm({ profile }: { profile: AgentProfile }) {
  const update = useUpdateAgentProfile()
  const { register, handleSubmit, formState } = useForm<
    UpdateAgentProfileInput,
    unknown,
    AgentNameOutput
  >({
    resolver: zodResolver(updateAgentProfileInput),
    defaultValues: { displayName: profile.displayName ?? '' },
  })

  const handleSave = handleSubmit(({ displayName }) =>
    update.mutate(
      { displayName },
      resultToasts({
        success: 'Display name saved',
        failure: 'Failed to save display name',
        describe: (saved) => `Your replies are signed “${saved.displayName ?? supportAgentName}”.`,
      }),
    ),
  )

  return (
    <form onSubmit={handleSave} noValidate className="flex flex-wrap items-end gap-2">
      <FormField
        id="agent-display-name"
        label="Your display name"
        error={formState.errors.displayName?.message}
        hint={`Customers see it on your replies. Empty: “${supportAgentName}”.`}
        className="min-w-0 flex-1 basis-56"
      >
        {(controlProps) => (
          <Input
            autoComplete="nickname"
            placeholder={supportAgentName}
            {...controlProps}
            {...register('displayName')}
          />
        )}
      </FormField>
      <Button type="submit" disabled={update.isPending} className="sm:mb-7">
        {update.isPending && <Spinner />}
        Save name
      </Button>
    </form>
  )
}
