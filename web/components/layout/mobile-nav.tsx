import { Menu } from 'lucide-react'
import { Link } from 'wouter'
import { Button } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { navLinks } from './nav-links'

type MobileNavProps = { onShowPlans: () => void }

/** The header's links folded into a keyboard-accessible menu on small screens. */
export function MobileNav({ onShowPlans }: MobileNavProps) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
          <Menu aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        {navLinks.map((link) => (
          <DropdownMenuItem key={link.href} asChild>
            <Link href={link.href}>{link.label}</Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuItem onSelect={onShowPlans}>Plans</DropdownMenuItem>
        <DropdownMenuItem>Features</DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem className="justify-center bg-primary font-medium text-primary-foreground data-[highlighted]:bg-primary/90 data-[highlighted]:text-primary-foreground">
          Start Free Trial
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
