// What other modules may use of account: eslint refuses imports of its files from another module.
export { checkIdentity, issueReauthProof, REAUTH_TTL_MS, useUpIdentityProof } from './identity';
export { certificateOf } from './service';
