import type { ErasureStatus } from "@svc/db";
import type { ErasureRow } from "../stores/erasures.ts";
import { type ErasureReceipt, receiptOf } from "./receipt.ts";

/** An erasure as the API, the dashboard and the CLI show it: never the addresses it was asked about. */
export interface ErasureView {
  id: string;
  status: ErasureStatus;
  addressCount: number;
  emailIdCount: number;
  /** The step in progress while it runs (null once it has ended). */
  step: string | null;
  /** What it removed so far (all of it once `completed`). */
  receipt: ErasureReceipt;
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
}

export function toErasureView(row: ErasureRow): ErasureView {
  const ended = row.status === "completed" || row.status === "failed";
  return {
    id: row.id,
    status: row.status,
    addressCount: row.addressCount,
    emailIdCount: row.emailIdCount,
    step: ended ? null : row.step,
    receipt: receiptOf(row.receipt),
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** The downloadable receipt: the erasure, its workspace, when, and what was removed (JSON). */
export function erasureReceiptDocument(workspaceId: string, view: ErasureView): Record<string, unknown> {
  return {
    erasureId: view.id,
    workspaceId,
    status: view.status,
    requestedAt: view.createdAt,
    completedAt: view.completedAt,
    addressCount: view.addressCount,
    emailIdCount: view.emailIdCount,
    ...view.receipt,
  };
}
