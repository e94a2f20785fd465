import { Copy, Mail, MessageCircle, MessagesSquare, Send } from 'lucide-react'
import { trialRequestStages, type TrialRequest } from '@common/trial-requests'
import { Button } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { copyToClipboard } from '@/lib/copy-to-clipboard'
import { useUpdateTrialRequestStatus } from '../api/update-trial-request-status'
import { mailtoUrl, telegramUrl, whatsappUrl } from '../contact-links'
import { isFollowUpStage } from './follow-up-stage'

/** Every way to reach the person, and where the follow-up stands (Pending … Processed). */
export function ContactOptionsMenu({ request }: { request: TrialRequest }) {
  const updateStatus = useUpdateTrialRequestStatus()
  const stage = updateStatus.isPending ? updateStatus.variables.status : request.status

  const handleStageChange = (value: string) => {
    if (!isFollowUpStage(value) || value === request.status) return
    updateStatus.mutate({ id: request.id, status: value })
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Contact options for ${request.name}`}
          title="Contact options"
        >
          <MessagesSquare aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem asChild>
          <a href={mailtoUrl(request.email)}>
            <Mail aria-hidden />
            Send email
          </a>
        </DropdownMenuItem>
        {request.telegram && (
          <DropdownMenuItem asChild>
            <a href={telegramUrl(request.telegram)} target="_blank" rel="noopener noreferrer">
              <Send aria-hidden />
              Open Telegram
            </a>
          </DropdownMenuItem>
        )}
        {request.whatsapp && (
          <DropdownMenuItem asChild>
            <a href={whatsappUrl(request.whatsapp)} target="_blank" rel="noopener noreferrer">
              <MessageCircle aria-hidden />
              Open WhatsApp
            </a>
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={() => void copyToClipboard(request.email, request.email)}>
          <Copy aria-hidden />
          Copy email address
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>Follow-up</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={stage} onValueChange={handleStageChange}>
          {trialRequestStages.map((value) => (
            <DropdownMenuRadioItem key={value} value={value} disabled={updateStatus.isPending}>
              {value}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
