import { Quote, Star } from 'lucide-react'
import { SectionHeading } from '@/components/section-heading'

const testimonials = [
  {
    quote:
      'The picture is stunning and it never buffers, even during the big games. Cancelling cable was the best decision we made this year.',
    name: 'Sarah Mitchell',
    detail: 'Family plan · Manchester',
  },
  {
    quote:
      'I watch on my TV at home and on my phone on the train. Setup took five minutes and support answered within the hour.',
    name: 'David Chen',
    detail: 'Starter plan · Toronto',
  },
  {
    quote:
      'Three screens for the whole household, every league I follow and not a single advert. Worth every cent.',
    name: 'María González',
    detail: 'Household plan · Madrid',
  },
]

const stats = [
  { value: '50M+', label: 'Users worldwide' },
  { value: '180+', label: 'Countries' },
  { value: '4.8/5', label: 'Average rating' },
]

function Stars() {
  return (
    <div role="img" aria-label="Rated 5 out of 5" className="flex gap-0.5 text-amber-500">
      {Array.from({ length: 5 }, (_, index) => (
        <Star key={index} className="size-4 fill-current" aria-hidden />
      ))}
    </div>
  )
}

/** Three fixed testimonials and the service's headline figures. */
export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-heading" className="border-t bg-muted/30">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <SectionHeading
          id="testimonials-heading"
          eyebrow="Testimonials"
          title="Loved by viewers around the world"
          align="center"
        />
        <dl className="mx-auto mb-14 grid max-w-3xl grid-cols-3 gap-4 text-center">
          {stats.map(({ value, label }) => (
            <div key={label} className="flex flex-col-reverse gap-1">
              <dt className="text-sm text-muted-foreground sm:text-base">{label}</dt>
              <dd className="bg-gradient-to-r from-violet-600 to-fuchsia-600 bg-clip-text text-3xl font-extrabold tracking-tight text-transparent sm:text-5xl dark:from-violet-300 dark:to-fuchsia-300">
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <ul className="grid gap-6 md:grid-cols-3">
          {testimonials.map(({ quote, name, detail }) => (
            <li key={name}>
              <figure className="flex h-full flex-col gap-5 rounded-2xl border bg-card p-6 shadow-sm">
                <div className="flex items-center justify-between">
                  <Stars />
                  <Quote className="size-6 text-primary/30" aria-hidden />
                </div>
                <blockquote className="flex-1 text-pretty">“{quote}”</blockquote>
                <figcaption className="flex items-center gap-3">
                  <span
                    aria-hidden
                    className="flex size-10 items-center justify-center rounded-full bg-accent text-sm font-semibold text-accent-foreground"
                  >
                    {name
                      .split(' ')
                      .map((part) => part[0])
                      .join('')}
                  </span>
                  <span className="flex flex-col">
                    <span className="font-semibold">{name}</span>
                    <span className="text-sm text-muted-foreground">{detail}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
