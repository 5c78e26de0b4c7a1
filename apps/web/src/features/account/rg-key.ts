/** The query key of the player's limits and break (GET /api/account/limits), shared by the banner and the settings. */
export const RG_KEY = ['account', 'limits'] as const;
