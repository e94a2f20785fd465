import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Button } from '@/components/ui/button'

type ContactsPaginationProps = {
  pageNumber: number
  hasPrevious: boolean
  hasNext: boolean
  isLoading: boolean
  onPrevious: () => void
  onNext: () => void
}

export function ContactsPagination({
  pageNumber,
  hasPrevious,
  hasNext,
  isLoading,
  onPrevious,
  onNext,
}: ContactsPaginationProps) {
  if (!hasPrevious && !hasNext) return null
  return (
    <nav aria-label="Contacts pages" className="flex items-center justify-end gap-2">
      <span className="mr-auto text-sm text-muted-foreground" aria-live="polite">
        Page {pageNumber}
      </span>
      <Button variant="outline" size="sm" onClick={onPrevious} disabled={!hasPrevious || isLoading}>
        <ChevronLeft aria-hidden />
        Previous
      </Button>
      <Button variant="outline" size="sm" onClick={onNext} disabled={!hasNext || isLoading}>
        Next
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  )
}
