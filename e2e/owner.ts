/** The super_admin the end-to-end server is started with. */
export const owner = { username: 'owner', password: 'owner-password-1' }
