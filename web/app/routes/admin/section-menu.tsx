import { ChevronDown, LayoutList } from 'lucide-react'
import { Link, useLocation } from 'wouter'
import { adminPaths, parseAdminPath } from '@common/routes'
import { Button } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { cn } from '@/lib/utils'
import type { AdminRole } from '@common/admin-users'
import { sectionsFor } from './admin-sections'

/**
 * The section bar on phones, where seven tabs do not fit: a menu button naming the open section,
 * its items the sections' addresses (arrow keys move, Escape closes and returns focus).
 */
export function SectionMenu({ className, role }: { className?: string; role: AdminRole }) {
  const adminSectionList = sectionsFor(role)
  const [pathname] = useLocation()
  const location = parseAdminPath(pathname)
  const currentValue = location.kind === 'section' ? location.section : null
  const current = adminSectionList.find(({ value }) => value === currentValue)
  const CurrentIcon = current?.icon ?? LayoutList

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          className={cn('w-full justify-between', className)}
          aria-label={`Sections${current ? `: ${current.label}` : ''}`}
        >
          <span className="flex items-center gap-2">
            <CurrentIcon aria-hidden />
            {current?.label ?? 'Sections'}
          </span>
          <ChevronDown aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-[var(--radix-dropdown-menu-trigger-width)]">
        {adminSectionList.map(({ value, label, icon: Icon }) => (
          <DropdownMenuItem key={value} asChild>
            <Link
              href={adminPaths.section(value)}
              aria-current={value === currentValue ? 'page' : undefined}
              className={cn(value === currentValue && 'font-semibold')}
            >
              <Icon aria-hidden />
              {label}
            </Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
