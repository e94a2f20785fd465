/** The super_admin every test server starts with. */
export const owner = { username: 'owner', password: 'lantern-harbour-7781' }
