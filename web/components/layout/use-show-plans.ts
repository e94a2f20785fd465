import { useLocation } from 'wouter'
import { plansSectionId, scrollToSection } from '@/lib/scroll'

/** The header's Plans action: scroll to the plans section on home, otherwise open /plans. */
export function useShowPlans(): () => void {
  const [location, navigate] = useLocation()
  return () => {
    if (location === '/' && scrollToSection(plansSectionId)) return
    navigate('/plans')
  }
}
