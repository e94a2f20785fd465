import { useEffect, useState } from 'react'
import { Skeleton } from '@/components/ui/skeleton'

/**
 * The M3U address as a QR code, to scan with a phone into a TV app. The encoder is fetched only
 * here (a chunk of its own): no other page carries it.
 */
export function M3uQrCode({ value }: { value: string }) {
  const [dataUrl, setDataUrl] = useState<string | null>(null)
  useEffect(() => {
    let isCurrent = true
    void import('qrcode')
      .then((qr) => qr.toDataURL(value, { width: 320, margin: 1 }))
      .then((url) => isCurrent && setDataUrl(url))
    return () => {
      isCurrent = false
    }
  }, [value])
  if (!dataUrl) return <Skeleton className="size-40 rounded-md" />
  return (
    <img
      src={dataUrl}
      width={160}
      height={160}
      alt="QR code of your M3U address"
      className="size-40 rounded-md bg-white p-2"
    />
  )
}
