import {
  Laptop,
  Maximize,
  Play,
  Smartphone,
  Tablet,
  Tv,
  Volume2,
  type LucideIcon,
} from 'lucide-react'

const devices: { label: string; icon: LucideIcon }[] = [
  { label: 'TV', icon: Tv },
  { label: 'Laptop', icon: Laptop },
  { label: 'Tablet', icon: Tablet },
  { label: 'Phone', icon: Smartphone },
]

/** A decorative live match on a player, above the devices it plays on. */
export function HeroScreen() {
  return (
    <div aria-hidden className="relative mx-auto w-full max-w-xl lg:max-w-none">
      {/* A glow drawn as gradients, and no backdrop blurs: rasterised without a GPU, the blurs
          cost the landing about 340 ms before its first paint. */}
      <div className="absolute -inset-20 bg-[radial-gradient(closest-side_at_42%_58%,rgb(124_58_237/0.5)_45%,transparent),radial-gradient(closest-side_at_58%_42%,rgb(14_165_233/0.35)_45%,transparent),radial-gradient(closest-side,rgb(217_70_239/0.3)_55%,transparent)]" />
      <div className="relative overflow-hidden rounded-2xl border border-white/15 bg-slate-950 shadow-2xl ring-1 ring-white/10">
        <div className="relative aspect-video bg-[repeating-linear-gradient(90deg,#15803d_0,#15803d_10%,#16a34a_10%,#16a34a_20%)]">
          <div className="absolute inset-[8%] rounded-sm border-2 border-white/60" />
          <div className="absolute inset-y-[8%] left-1/2 w-0.5 -translate-x-1/2 bg-white/60" />
          <div className="absolute top-1/2 left-1/2 size-[22%] -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white/60" />
          <div className="absolute inset-0 bg-gradient-to-t from-black/70 via-black/10 to-black/40" />
          <span className="absolute top-3 left-3 flex items-center gap-1.5 rounded bg-red-600 px-2 py-1 text-[0.7rem] font-bold tracking-wider text-white">
            <span className="size-1.5 rounded-full bg-white motion-safe:animate-pulse" />
            LIVE
          </span>
          <span className="absolute top-3 left-1/2 -translate-x-1/2 rounded-md bg-black/60 px-2 py-1 text-[0.65rem] font-semibold whitespace-nowrap text-white tabular-nums sm:px-3 sm:text-xs">
            HOME 2 – 1 AWAY · 67′
          </span>
          <span className="absolute top-3 right-3 rounded bg-black/45 px-2 py-1 text-[0.7rem] font-bold text-white ring-1 ring-white/25">
            4K HDR
          </span>
          <span className="absolute top-1/2 left-1/2 flex size-16 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-white/25 ring-1 ring-white/40">
            <Play className="ml-1 size-7 fill-white text-white" />
          </span>
          <div className="absolute inset-x-3 bottom-3 flex items-center gap-3 text-white">
            <Play className="size-4 fill-white" />
            <div className="h-1 flex-1 overflow-hidden rounded-full bg-white/25">
              <div className="h-full w-3/4 rounded-full bg-gradient-to-r from-violet-400 to-fuchsia-400" />
            </div>
            <Volume2 className="size-4" />
            <Maximize className="size-4" />
          </div>
        </div>
      </div>
      <div className="relative mt-5 grid grid-cols-4 gap-3">
        {devices.map(({ label, icon: Icon }) => (
          <div
            key={label}
            className="flex flex-col items-center gap-2 rounded-xl border border-white/10 bg-white/5 p-3"
          >
            <Icon className="size-5 text-violet-300" />
            <span className="text-xs text-slate-300">{label}</span>
          </div>
        ))}
      </div>
    </div>
  )
}
