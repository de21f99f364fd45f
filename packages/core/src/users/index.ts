export { addUserToWorkspace, authenticate, signUp } from "./accounts.ts";
export {
  acceptInvitation,
  createInvitation,
  DEFAULT_INVITATION_LIMITS,
  type InvitationLimits,
  type InvitationView,
  listPendingInvitations,
  type OpenInvitation,
  openInvitation,
  revokeInvitation,
} from "./invitations.ts";
export { changeMemberRole, listMembers, listMemberships, type MembershipView, type MemberView, removeMember } from "./members.ts";
export { listOperators, setOperator } from "./operators.ts";
export * from "./passkeys.ts";
export { RECOVERY_CODE_COUNT, regenerateRecoveryCodes, useRecoveryCode } from "./recoveryCodes.ts";
export { MEMBER_ROLES, parseRole, roleAllows, type WorkspacePermission } from "./roles.ts";
export {
  accountHasPassword,
  checkCanRemovePasskey,
  hasSecondFactor,
  removeTotp,
  type SecondFactorStatus,
  secondFactorRequiredFor,
  secondFactorStatus,
  setSecondFactorRequirement,
} from "./secondFactors.ts";
export {
  createSession,
  currentWorkspaceOf,
  deleteSession,
  endSessionsOfUser,
  findSession,
  purgeExpiredSessions,
  type SessionRecord,
  switchSessionWorkspace,
} from "./sessions.ts";
export { confirmSignUp, openSignUp, requestSignUp, type SignUpRequest } from "./signupConfirmation.ts";
export { newOpaqueToken, safeEqual } from "./tokens.ts";
export { beginTotpEnrolment, type CodeCheck, confirmTotpEnrolment, normalizeTotpCode, verifyTotpCode } from "./totp.ts";
