import { Scale } from 'lucide-react'
import { QueryStates } from '@/components/list-states'
import { SectionCard } from '@/components/section-card'
import { useLegalPages } from '../api/get-legal-pages'
import { LegalPageForm } from './legal-page-form'

/** Content & SEO's legal pages: the Privacy Policy and Terms of Service, each saved alone. */
export function LegalPagesEditor() {
  const pages = useLegalPages()
  return (
    <SectionCard
      title="Legal pages"
      icon={Scale}
      description="A page with text is published at its address and linked from the site's footer; an empty page is neither."
    >
      <QueryStates query={pages} loadingLabel="Loading legal pages">
        {(data) => (
          <div className="grid gap-4 lg:grid-cols-2">
            {data.map((page) => (
              <LegalPageForm key={page.slug} page={page} />
            ))}
          </div>
        )}
      </QueryStates>
    </SectionCard>
  )
}
