export const navLinks = [
  { href: '/sports', label: 'Live Sports' },
  { href: '/support', label: 'Support' },
  { href: '/blog', label: 'Blog' },
] as const
