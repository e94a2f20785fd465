import { AlertCircle, Home } from 'lucide-react'
import { Link } from 'wouter'
import { PageContainer } from '@/components/layout/page-container'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { useDocumentTitle } from '@/lib/use-document-title'

export function NotFoundPage() {
  useDocumentTitle('404 Page Not Found')
  return (
    <PageContainer className="flex justify-center">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col items-start gap-4">
          <div className="flex items-center gap-3">
            <AlertCircle className="size-8 text-destructive" aria-hidden />
            <h1 className="text-2xl font-bold">404 Page Not Found</h1>
          </div>
          <p className="text-muted-foreground">Did you forget to add the page to the router?</p>
          <Button asChild>
            <Link href="/">
              <Home aria-hidden />
              Go to home page
            </Link>
          </Button>
        </CardContent>
      </Card>
    </PageContainer>
  )
}
