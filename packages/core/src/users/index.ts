export { newOpaqueToken, safeEqual } from "./tokens.ts";
export { MEMBER_ROLES, parseRole, roleAllows, type WorkspacePermission } from "./roles.ts";
export { addUserToWorkspace, authenticate, signUp } from "./accounts.ts";
export { confirmSignUp, openSignUp, requestSignUp, type SignUpRequest } from "./signupConfirmation.ts";
export { changeMemberRole, listMembers, listMemberships, removeMember, type MemberView, type MembershipView } from "./members.ts";
export { createSession, currentWorkspaceOf, deleteSession, findSession, purgeExpiredSessions, switchSessionWorkspace, type SessionRecord } from "./sessions.ts";
export {
  acceptInvitation,
  createInvitation,
  DEFAULT_INVITATION_LIMITS,
  listPendingInvitations,
  openInvitation,
  revokeInvitation,
  type InvitationLimits,
  type InvitationView,
  type OpenInvitation,
} from "./invitations.ts";
export { listOperators, setOperator } from "./operators.ts";
