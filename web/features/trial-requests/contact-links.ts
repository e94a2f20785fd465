/** A Telegram handle ("@ada", "ada") or phone number as its t.me link. */
export function telegramUrl(handle: string): string {
  const text = handle.trim().replace(/^@/, '')
  if (/^\+?[\d\s()-]+$/.test(text)) return `https://t.me/+${text.replace(/\D/g, '')}`
  return `https://t.me/${encodeURIComponent(text)}`
}

/** A WhatsApp number in any notation as its wa.me link (digits only, country code first). */
export function whatsappUrl(number: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}`
}

export function mailtoUrl(email: string): string {
  return `mailto:${email}`
}
