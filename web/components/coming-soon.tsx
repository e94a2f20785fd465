import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { StatusMessage } from './status-message'

type ComingSoonProps = {
  icon: LucideIcon
  title: string
  children: ReactNode
  className?: string
}

/** An honest placeholder for a section that a coming release fills in. */
export function ComingSoon({ icon, title, children, className }: ComingSoonProps) {
  return (
    <StatusMessage icon={icon} title={title} className={className}>
      {children}
    </StatusMessage>
  )
}
