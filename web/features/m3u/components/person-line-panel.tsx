import { PlusCircle, Tv } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'wouter'
import type { SupplierKeyInput } from '@common/person-lines'
import { FormAlert } from '@/components/form-alert'
import { QueryStates } from '@/components/list-states'
import { StatusMessage } from '@/components/status-message'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { PasswordInput } from '@/components/ui/password-input'
import { Spinner } from '@/components/ui/spinner'
import { ApiError, serverMessageOf } from '@/lib/api-client'
import { usePersonLine } from '../api/get-person-line'
import { LineActions } from './line-actions'
import { LineChecking } from './line-checking'
import { LineConnections } from './line-connections'
import { LineDetails } from './line-details'
import { LineHistory } from './line-history'
import { LineInstructions } from './line-instructions'
import { useCreateLine } from '../api/use-create-line'

export type PersonLinePanelProps = {
  personId: string
  customerName: string
  /** The server holds SUPPLIER_API_KEY; else the admin types a key for each call. */
  hasServerKey: boolean
  /** The signed-in role may act on the line and read its panel calls (support only reads it). */
  canChange: boolean
}

function CreateLine({ personId, keyInput }: { personId: string; keyInput: SupplierKeyInput }) {
  const { create, run } = useCreateLine(personId, keyInput)
  return (
    <div className="grid gap-3">
      <StatusMessage
        icon={Tv}
        title="No line yet"
        className="py-8"
        action={
          <Button onClick={run} disabled={create.isPending}>
            {create.isPending ? <Spinner /> : <PlusCircle aria-hidden />}
            Create line
          </Button>
        }
      >
        A trial gets a trial line; a subscriber a paid line ending with the subscription.
      </StatusMessage>
      {create.isError && (
        <FormAlert message={serverMessageOf(create.error) ?? 'Please try again.'} />
      )}
      {create.error instanceof ApiError && create.error.settingsPath && (
        <Link href={create.error.settingsPath} className="w-fit text-sm font-medium underline">
          Open Business Settings
        </Link>
      )}
    </div>
  )
}

/** A subscriber's line: login, playlist, panel expiry and status, instructions, actions, history. */
export function PersonLinePanel({
  personId,
  customerName,
  hasServerKey,
  canChange,
}: PersonLinePanelProps) {
  const line = usePersonLine(personId)
  const [apiKey, setApiKey] = useState('')
  const keyInput: SupplierKeyInput = { apiKey: apiKey.trim() || undefined }
  const keyField = canChange && !hasServerKey && (
    <FormField
      id={`line-api-key-${personId}`}
      label="API key"
      hint="The server holds no supplier key: type one for these actions. It is sent with each, never saved."
    >
      {(props) => (
        <PasswordInput
          autoComplete="off"
          spellCheck={false}
          value={apiKey}
          onChange={(event) => setApiKey(event.target.value)}
          {...props}
        />
      )}
    </FormField>
  )

  return (
    <QueryStates query={line} loadingLabel="Loading the line">
      {(data) =>
        data === null ? (
          canChange ? (
            <div className="grid gap-4">
              {keyField}
              <CreateLine personId={personId} keyInput={keyInput} />
            </div>
          ) : (
            <StatusMessage icon={Tv} title="No line yet" className="py-8">
              An admin creates it on the supplier panel.
            </StatusMessage>
          )
        ) : data.status === 'checking' ? (
          <div className="grid gap-4">
            <LineChecking
              personId={personId}
              line={data}
              keyInput={keyInput}
              canCheck={canChange}
            />
            {keyField}
            {canChange && <LineHistory lineId={data.id} />}
          </div>
        ) : (
          <div className="grid gap-5">
            <LineDetails line={data} />
            <LineConnections personId={personId} />
            {keyField}
            {canChange && <LineActions personId={personId} line={data} keyInput={keyInput} />}
            <LineInstructions
              line={data}
              customerName={customerName}
              id={`line-instructions-${personId}`}
            />
            {canChange && <LineHistory lineId={data.id} />}
          </div>
        )
      }
    </QueryStates>
  )
}
