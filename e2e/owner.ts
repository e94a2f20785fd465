/** The super_admin the end-to-end server is started with. */
export const owner = { username: 'owner', password: 'lantern-harbour-7781' }
