import { Settings } from 'lucide-react'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { useAgentProfile } from '../api/get-agent-profile'
import { AgentNameForm } from './agent-name-form'
import { SavedRepliesManager } from './saved-replies-manager'

/** Support settings: the agent's own display name, and the saved replies all agents share. */
export function SupportSettingsDialog() {
  const profile = useAgentProfile()
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Settings aria-hidden />
          Support settings
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Support settings</DialogTitle>
          <DialogDescription>Your name on replies, and the team’s saved replies.</DialogDescription>
        </DialogHeader>
        {profile.data ? (
          <AgentNameForm profile={profile.data} />
        ) : profile.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Your display name could not be loaded.
          </p>
        ) : (
          <Skeleton className="h-16" />
        )}
        <SavedRepliesManager />
      </DialogContent>
    </Dialog>
  )
}
