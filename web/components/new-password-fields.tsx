import type { UseFormRegisterReturn } from 'react-hook-form'
import { FormField } from '@/components/ui/form-field'
import { PasswordInput } from '@/components/ui/password-input'

type PasswordField = { id: string; registration: UseFormRegisterReturn; error?: string }

type NewPasswordFieldsProps = {
  /** The rule the server holds it to, said to whoever chooses it. */
  hint: string
  password: PasswordField
  confirmation: PasswordField
}

/** A new password typed twice, as password managers expect to offer and save one. */
export function NewPasswordFields({ hint, password, confirmation }: NewPasswordFieldsProps) {
  return (
    <>
      <FormField id={password.id} label="New password" hint={hint} error={password.error}>
        {(controlProps) => (
          <PasswordInput autoComplete="new-password" {...controlProps} {...password.registration} />
        )}
      </FormField>
      <FormField id={confirmation.id} label="Confirm new password" error={confirmation.error}>
        {(controlProps) => (
          <PasswordInput
            autoComplete="new-password"
            {...controlProps}
            {...confirmation.registration}
          />
        )}
      </FormField>
    </>
  )
}
