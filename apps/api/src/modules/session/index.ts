// What other modules may use of session: eslint refuses imports of its files from another module.
export { bearerToken, requireAdmin, requireBuyer, requireSession, requireUser, type AdminActor } from './guards';
export { hasUsablePassword, loadMe, loadMembers, pendingChangesOf, reloadMe, type UserRow } from './me';
export { notRevoked, purgeExpiredRevocations } from './revocation';
export { checkCurrentPassword, issueAccessToken, LOGIN_TOKEN_TTL_SECONDS } from './service';
export { ANONYMOUS, forgetViewers, VIEWERS_TAG, optionalViewer, readyViewer, requireViewer, viewerOf, type Viewer } from './viewer';
export {
  enableSecondFactor,
  giveSecondFactor,
  openStaffSession,
  purgeStaffSessions,
  requireStaffSession,
  staffSessionOf,
  startSecondFactorSetup,
} from './staff';
