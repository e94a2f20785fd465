import { Tv } from 'lucide-react'
import { lineCheckingMessage, personLineStatusLabels } from '@common/person-lines'
import { QueryStates } from '@/components/list-states'
import { StatusMessage } from '@/components/status-message'
import { usePersonLine } from '../api/get-person-line'
import { LineDetails } from './line-details'
import { LineInstructions } from './line-instructions'

type PersonLineSummaryProps = { personId: string; customerName: string }

/**
 * A person's line as a support agent sees it: login, playlist, expiry and the instructions to
 * read out, without the panel's actions or history, which are an admin's (the server says 403).
 */
export function PersonLineSummary({ personId, customerName }: PersonLineSummaryProps) {
  const line = usePersonLine(personId)
  return (
    <QueryStates query={line} loadingLabel="Loading the line">
      {(data) =>
        data === null ? (
          <StatusMessage icon={Tv} title="No line yet" className="py-8">
            An admin creates it on the supplier panel.
          </StatusMessage>
        ) : data.status === 'checking' ? (
          <p role="status" className="text-sm">
            {personLineStatusLabels.checking}: <code className="font-mono">{data.username}</code>.{' '}
            {lineCheckingMessage}
          </p>
        ) : (
          <div className="grid gap-5">
            <LineDetails line={data} />
            <LineInstructions
              line={data}
              customerName={customerName}
              id={`line-instructions-${personId}`}
            />
          </div>
        )
      }
    </QueryStates>
  )
}
