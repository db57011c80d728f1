/**
 * The official account: what its follow QR opens (`VITE_OFFICIAL_ACCOUNT_URL` when the app is built, e.g. the messaging
 * app's follow link). Without it, this app's own entry page, where the local fake messaging app signs users in.
 */
export const officialAccountUrl = (): string => import.meta.env.VITE_OFFICIAL_ACCOUNT_URL || `${window.location.origin}/`
