// What other modules may use of certification: eslint refuses imports of its files from another module.
export {
  confirmCode,
  consumeVerified,
  discardCode,
  issueAndDeliver,
  issueCode,
  purgeExpiredCodes,
  verifyAndConsume,
  type CodePurpose,
  type IssuedCode,
} from './codes';
export { codeMinutes, codeSms, loginCodeMail, resetCodeMail, siteOrigin } from './delivery';
export { assertEmailRegistrable, withdrawnEmailHash } from './registrable';
export { requestContext, type RequestContext } from './service';
