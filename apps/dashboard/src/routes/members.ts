import {
  AppError,
  changeMemberRole,
  createInvitation,
  getWorkspaceRetention,
  listMembers,
  listPendingInvitations,
  parseRole,
  removeMember,
  revokeInvitation,
  setSecondFactorRequirement,
  setWorkspaceRetention,
} from "@svc/core";
import { type Request, type Response, Router } from "express";
import type { DashboardDeps } from "../deps.ts";
import { dashboardAuditor } from "../http/audit.ts";
import { requirePermission, type WorkspaceRequest, workspaceRequest } from "../http/guards.ts";
import { formString, param, sendPage } from "../http/render.ts";
import { html } from "../views/html.ts";
import { confirmBody } from "../views/pages/confirm.ts";
import { type MembersPageInput, membersBody } from "../views/pages/members.ts";

/** Owners only: members, invitations and the plan. */
export function memberRoutes(deps: DashboardDeps): Router {
  const router = Router();
  const audit = dashboardAuditor(deps);
  const owners = requirePermission("members:manage");

  async function render(req: Request, res: Response, w: WorkspaceRequest, extra: Partial<MembersPageInput> & { status?: number } = {}) {
    const [members, invitations, retention] = await Promise.all([
      listMembers(deps.prisma, w.workspaceId),
      listPendingInvitations(deps.prisma, w.workspaceId),
      getWorkspaceRetention(deps.db, w.workspaceId),
    ]);
    const { status, ...rest } = extra;
    sendPage(req, res, w, {
      title: "Members & plan",
      nav: "members",
      status,
      ...(status ? { notice: null } : {}),
      body: membersBody({
        workspace: w.workspace,
        members,
        invitations,
        retention,
        currentUserId: w.session.userId,
        csrf: w.csrf,
        ...rest,
      }),
    });
  }

  router.get("/members", owners, async (req, res) => render(req, res, workspaceRequest(req)));

  router.post("/members/second-factor", owners, async (req, res) => {
    const w = workspaceRequest(req);
    const value = formString(req, "required", 10);
    if (value !== "true" && value !== "false")
      return render(req, res, w, { status: 422, secondFactorError: "required: must be true or false." });
    const required = value === "true";
    try {
      await setSecondFactorRequirement(deps.prisma, w.workspaceId, w.session.userId, required);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return render(req, res, w, { status: error.status, secondFactorError: error.message });
    }
    await audit.change(req, w, {
      action: "workspace.second_factor_requirement_changed",
      target: { type: "workspace", id: w.workspaceId },
      changes: { requireSecondFactor: required },
    });
    res.redirect(303, `/members?notice=${required ? "requirement_on" : "requirement_off"}`);
  });

  // The use case records the audit entry in the change's own transaction.
  router.post("/members/retention", owners, async (req, res) => {
    const w = workspaceRequest(req);
    const form = {
      bodyRetentionDays: formString(req, "bodyRetentionDays", 20).trim(),
      metadataRetentionDays: formString(req, "metadataRetentionDays", 20).trim(),
      privacyMode: formString(req, "privacyMode", 10),
    };
    try {
      await setWorkspaceRetention(
        deps.db,
        w.workspaceId,
        {
          // An empty field: the plan's days.
          bodyRetentionDays: form.bodyRetentionDays === "" ? null : form.bodyRetentionDays,
          metadataRetentionDays: form.metadataRetentionDays === "" ? null : form.metadataRetentionDays,
          privacyMode: form.privacyMode,
        },
        audit.by(req, w),
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return render(req, res, w, { status: error.status, retentionForm: { ...form, error: error.message } });
    }
    res.redirect(303, "/members?notice=retention_updated");
  });

  router.post("/members/invite", owners, async (req, res) => {
    const w = workspaceRequest(req);
    const form = { email: formString(req, "email", 320), role: formString(req, "role") };
    let created;
    try {
      created = await createInvitation(deps.prisma, {
        workspaceId: w.workspaceId,
        email: form.email,
        role: parseRole(form.role),
        invitedBy: w.session.userId,
        limits: {
          perWorkspacePerDay: deps.env.DASHBOARD_INVITATIONS_PER_DAY,
          reinviteCooldownMs: deps.env.DASHBOARD_REINVITE_COOLDOWN_MINUTES * 60_000,
        },
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return render(req, res, w, { status: error.status, form: { ...form, error: error.message } });
    }
    const link = new URL(`/invitations/${created.token}`, deps.env.DASHBOARD_BASE_URL).toString();
    let sent: { emailId: string } | null = null;
    try {
      sent = await deps.invitations.send({
        to: created.invitation.email,
        workspaceName: w.workspace.workspaceName,
        inviterEmail: w.session.userEmail,
        role: created.invitation.role,
        link,
        expiresAt: created.invitation.expiresAt,
      });
    } catch (error) {
      // The invitation exists but its email could not be queued: undo it, so the owner can simply retry.
      await revokeInvitation(deps.prisma, w.workspaceId, created.invitation.id).catch(() => {});
      deps.log.error({ err: error, workspaceId: w.workspaceId }, "invitation email could not be queued");
      const message = error instanceof AppError ? error.message : "Please try again in a moment.";
      return render(req, res, w, { status: 503, form: { ...form, error: `The invitation email could not be sent: ${message}` } });
    }
    await audit.change(req, w, {
      action: "member.invited",
      target: { type: "invitation", id: created.invitation.id },
      changes: { email: created.invitation.email, role: created.invitation.role },
    });
    deps.log.info({ workspaceId: w.workspaceId, invitationId: created.invitation.id, emailId: sent?.emailId }, "invitation created");
    if (sent) return res.redirect(303, "/members?notice=invitation_sent");
    render(req, res, w, { status: 201, inviteLink: { email: created.invitation.email, link } });
  });

  router.post("/members/:id/role", owners, async (req, res) => {
    const w = workspaceRequest(req);
    const role = parseRole(formString(req, "role"));
    // The entry is written in the change's transaction: a change refused (the last owner) leaves none.
    await changeMemberRole(deps.prisma, w.workspaceId, param(req, "id"), role, audit.by(req, w));
    res.redirect(303, "/members?notice=member_updated");
  });

  router.get("/members/:id/remove", owners, async (req, res) => {
    const w = workspaceRequest(req);
    const member = (await listMembers(deps.prisma, w.workspaceId)).find((m) => m.id === param(req, "id"));
    if (!member) throw new AppError("not_found", "Member not found.");
    const self = member.userId === w.session.userId;
    sendPage(req, res, w, {
      title: self ? "Leave workspace" : "Remove member",
      nav: "members",
      body: confirmBody({
        title: self ? "Leave workspace" : "Remove member",
        question: self
          ? html`Leave <strong>${w.workspace.workspaceName}</strong>?`
          : html`Remove <strong>${member.email}</strong> from ${w.workspace.workspaceName}?`,
        detail: "Access ends immediately, including open sessions.",
        action: `/members/${member.id}/remove`,
        confirmLabel: self ? "Leave workspace" : "Remove member",
        cancelHref: "/members",
        csrf: w.csrf,
      }),
    });
  });

  router.post("/members/:id/remove", owners, async (req, res) => {
    const w = workspaceRequest(req);
    const memberId = param(req, "id");
    const self = (await listMembers(deps.prisma, w.workspaceId)).some((m) => m.id === memberId && m.userId === w.session.userId);
    await removeMember(deps.prisma, w.workspaceId, memberId, audit.by(req, w));
    res.redirect(303, self ? "/" : "/members?notice=member_removed");
  });

  router.get("/members/invitations/:id/revoke", owners, async (req, res) => {
    const w = workspaceRequest(req);
    const invitation = (await listPendingInvitations(deps.prisma, w.workspaceId)).find((i) => i.id === param(req, "id"));
    if (!invitation) throw new AppError("not_found", "Invitation not found.");
    sendPage(req, res, w, {
      title: "Revoke invitation",
      nav: "members",
      body: confirmBody({
        title: "Revoke invitation",
        question: html`Revoke the invitation for <strong>${invitation.email}</strong>?`,
        detail: "The link in their email stops working.",
        action: `/members/invitations/${invitation.id}/revoke`,
        confirmLabel: "Revoke invitation",
        cancelHref: "/members",
        csrf: w.csrf,
      }),
    });
  });

  router.post("/members/invitations/:id/revoke", owners, async (req, res) => {
    const w = workspaceRequest(req);
    const invitation = (await listPendingInvitations(deps.prisma, w.workspaceId)).find((i) => i.id === param(req, "id"));
    await revokeInvitation(deps.prisma, w.workspaceId, param(req, "id"));
    await audit.change(req, w, {
      action: "member.invitation_revoked",
      target: { type: "invitation", id: param(req, "id") },
      changes: { email: invitation?.email, role: invitation?.role },
    });
    res.redirect(303, "/members?notice=invitation_revoked");
  });

  return router;
}
