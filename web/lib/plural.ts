/** "1 day", "3 days": a count with its noun. */
export const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`
