import { Menu, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'wouter'
import { appRoutes } from '@common/routes'
import { StartTrialButton } from '@/components/start-trial-button'
import { Button } from '@/components/ui/button'
import { navLinks } from './nav-links'

type MobileNavProps = {
  onShowPlans: () => void
  /** A signed-in customer is offered their own page, not another trial. */
  isSignedIn: boolean
}

const itemClassName =
  'flex w-full items-center rounded-md px-3 py-2.5 text-left text-sm font-medium outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60'

/**
 * The header's links on small screens, as a disclosure: a plain list of links under a toggle
 * (the WAI pattern for site navigation), closed by Escape, an outside click or a choice.
 */
export function MobileNav({ onShowPlans, isSignedIn }: MobileNavProps) {
  const [isOpen, setIsOpen] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const close = () => setIsOpen(false)

  useEffect(() => {
    if (!isOpen) return
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || document.querySelector('[role="dialog"]')) return
      setIsOpen(false)
      toggleRef.current?.focus()
    }
    const handlePointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false)
    }
    document.addEventListener('keydown', handleKeyDown)
    document.addEventListener('pointerdown', handlePointerDown)
    return () => {
      document.removeEventListener('keydown', handleKeyDown)
      document.removeEventListener('pointerdown', handlePointerDown)
    }
  }, [isOpen])

  return (
    <div ref={rootRef} className="md:hidden">
      <Button
        ref={toggleRef}
        variant="ghost"
        size="icon"
        aria-label="Menu"
        aria-expanded={isOpen}
        aria-controls="mobile-nav"
        onClick={() => setIsOpen((open) => !open)}
      >
        {isOpen ? <X aria-hidden /> : <Menu aria-hidden />}
      </Button>
      {isOpen && (
        <nav
          id="mobile-nav"
          aria-label="Mobile"
          className="absolute inset-x-0 top-full border-b bg-background px-4 pt-2 pb-4 shadow-lg"
        >
          <ul className="flex flex-col gap-1">
            {navLinks.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className={itemClassName} onClick={close}>
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <button
                type="button"
                className={itemClassName}
                onClick={() => {
                  close()
                  onShowPlans()
                }}
              >
                Plans
              </button>
            </li>
            <li>
              <button type="button" className={itemClassName}>
                Features
              </button>
            </li>
            {!isSignedIn && (
              <li>
                <Link href={appRoutes.account} className={itemClassName} onClick={close}>
                  My account
                </Link>
              </li>
            )}
          </ul>
          {isSignedIn ? (
            <Button asChild className="mt-3 w-full">
              <Link href={appRoutes.account} onClick={close}>
                My account
              </Link>
            </Button>
          ) : (
            // Stays open behind the modal, so focus can return to this button when it closes.
            <StartTrialButton className="mt-3 w-full">Start Free Trial</StartTrialButton>
          )}
        </nav>
      )}
    </div>
  )
}
