import { zodResolver } from '@hookform/resolvers/zod'
import { UserPlus } from 'lucide-react'
import { useForm, useWatch } from 'react-hook-form'
import {
  adminRoles,
  createAdminUserInput,
  type CreateAdminUser,
  type CreateAdminUserInput,
} from '@common/admin-users'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { PasswordInput } from '@/components/ui/password-input'
import { Spinner } from '@/components/ui/spinner'
import { serverMessageOf } from '@/lib/api-client'
import { showServerFieldErrors } from '@/lib/form-errors'
import { showToast } from '@/lib/toast'
import { useCreateAdminUser } from '../api/create-admin-user'

const emptyForm: CreateAdminUserInput = { username: '', password: '', role: 'admin' }

export function CreateAdminUserForm() {
  const createUser = useCreateAdminUser()
  const { register, handleSubmit, control, reset, setError, formState } = useForm<
    CreateAdminUserInput,
    unknown,
    CreateAdminUser
  >({ resolver: zodResolver(createAdminUserInput), defaultValues: emptyForm })
  const [username, password] = useWatch({ control, name: ['username', 'password'] })
  const canSubmit = username !== '' && password !== '' && !createUser.isPending
  const { errors } = formState

  const handleCreate = handleSubmit((input) =>
    createUser.mutate(input, {
      onSuccess: () => {
        reset(emptyForm)
        showToast({ title: 'Admin user created successfully' })
      },
      onError: (error) => {
        // A password the server refuses (a common one, or the username in it) shows on its field.
        showServerFieldErrors(error, setError, ['username', 'password'])
        showToast({
          title: 'Failed to create user',
          description: serverMessageOf(error),
          variant: 'destructive',
        })
      },
    }),
  )

  return (
    <form
      onSubmit={handleCreate}
      noValidate
      aria-label="Add admin user"
      className="grid gap-4 rounded-lg border bg-muted/30 p-4 md:grid-cols-[1fr_1fr_11rem_auto] md:items-start"
    >
      <FormField id="new-admin-username" label="Username" error={errors.username?.message}>
        {(controlProps) => (
          <Input
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            {...controlProps}
            {...register('username')}
          />
        )}
      </FormField>
      <FormField id="new-admin-password" label="Password" error={errors.password?.message}>
        {(controlProps) => (
          <PasswordInput autoComplete="new-password" {...controlProps} {...register('password')} />
        )}
      </FormField>
      <FormField id="new-admin-role" label="Role" error={errors.role?.message}>
        {(controlProps) => (
          <NativeSelect {...controlProps} {...register('role')}>
            {adminRoles.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <Button type="submit" disabled={!canSubmit} className="md:mt-6">
        {createUser.isPending ? <Spinner /> : <UserPlus aria-hidden />}
        Add Admin
      </Button>
    </form>
  )
}
