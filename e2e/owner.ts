/** The super_admin the end-to-end server is started with: the tests' own, in their migrated dump. */
export { owner } from '../server/test/owner'
