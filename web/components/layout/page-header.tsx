import type { ReactNode } from 'react'

type PageHeaderProps = { title: string; description?: string; children?: ReactNode }

/** The title block at the top of a public page; children sit beside the title (badges). */
export function PageHeader({ title, description, children }: PageHeaderProps) {
  return (
    <div className="mb-10 flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {children}
      </div>
      {description && <p className="max-w-2xl text-lg text-muted-foreground">{description}</p>}
    </div>
  )
}
