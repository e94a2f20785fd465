import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'

type PagedQuery = {
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => unknown
}

/** Fetches a paged list's next page; gone once the last page is shown. */
export function LoadMoreButton({ query }: { query: PagedQuery }) {
  if (!query.hasNextPage) return null
  return (
    <Button
      variant="outline"
      className="w-fit justify-self-center"
      onClick={() => void query.fetchNextPage()}
      disabled={query.isFetchingNextPage}
    >
      {query.isFetchingNextPage && <Spinner />}
      Load more
    </Button>
  )
}
