import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, type FieldValues } from 'react-hook-form'
import type { z } from 'zod'
import { resultToasts } from '@/lib/result-toasts'

type SaveMutation<T> = {
  mutate: (values: T, options: ReturnType<typeof resultToasts<T>>) => void
  isPending: boolean
}

type SettingsFormOptions<Input extends FieldValues, Output> = {
  schema: z.ZodType<Output, Input>
  /** What the server holds now: the form follows it after a save. */
  values: Input
  save: SaveMutation<Output>
  /** What is saved, as the toasts name it: 'platform settings', 'trial trust rules'. */
  what: string
  onSaved?: () => void
}

/**
 * A group of Business Settings edited whole: checked by its schema, filled with what the server
 * answered, saved with a toast either way ("Platform settings saved successfully", "Failed to
 * save platform settings"). `onSubmit` is the form's submit handler.
 */
export function useSettingsForm<Input extends FieldValues, Output>({
  schema,
  values,
  save,
  what,
  onSaved,
}: SettingsFormOptions<Input, Output>) {
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), values })
  const onSubmit = form.handleSubmit((saved) =>
    save.mutate(
      saved,
      resultToasts({
        success: `${what.charAt(0).toUpperCase()}${what.slice(1)} saved successfully`,
        failure: `Failed to save ${what}`,
        onSuccess: onSaved,
      }),
    ),
  )
  return { ...form, onSubmit }
}
