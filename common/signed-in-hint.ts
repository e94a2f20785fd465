/**
 * A cookie the page can read, set and cleared with the customer's HttpOnly session cookie. It
 * says only that this browser may be signed in, so the site's header asks `GET /api/account`
 * whether it is (decision 0044); a file of its own, so the public bundle takes no zod with it.
 */
export const signedInHintCookie = 'customer_signed_in'
